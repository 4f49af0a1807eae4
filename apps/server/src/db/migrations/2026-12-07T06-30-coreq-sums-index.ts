import type { Kysely } from 'kysely';

/**
 * A covering index for the CoreQ panel's sums (issue 34 item 3, ADR 061 "Speed"): the panel sums
 * `coreq_responses` per facility, month and exclusion for one instrument, and with every column
 * it reads in the index (in the group's order) it reads the index alone, in order, instead of
 * one table row per survey: on SQLite that was most of a request's time on the volume data
 * (docs/performance.md). It starts with the columns of `coreq_responses_month_idx`, which it
 * replaces; the drill-down's list (ADR 066) uses the same leading columns. The columns are small
 * integers and short ids, well inside PostgreSQL's limit on an index entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('coreq_responses_sums_idx')
    .on('coreq_responses')
    .columns([
      'instrument',
      'facility_id',
      'due_month',
      'exclusion',
      'responded',
      'valid',
      'satisfied',
      'item_1',
      'item_2',
      'item_3',
      'item_4',
      'due_date',
    ])
    .execute();
  await db.schema.dropIndex('coreq_responses_month_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('coreq_responses_month_idx')
    .on('coreq_responses')
    .columns(['instrument', 'facility_id', 'due_month'])
    .execute();
  await db.schema.dropIndex('coreq_responses_sums_idx').execute();
}
