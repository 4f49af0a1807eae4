import { sql, type Kysely } from 'kysely';

/**
 * Covering indexes for the due list (docs/performance.md, ADR 009):
 * - `surveys_open_list_idx` holds only the open surveys (`due` or `delayed`, about 1.5 % of the
 *   table in the bench data) by facility and type, with every column the due list reads. It
 *   replaces `surveys_due_list_idx`, which held every survey and sent the list to the table row
 *   of each. A query uses it when it names the statuses literally, as the index's WHERE does
 *   (`openSurvey` in surveys.repository.ts); a bound `status in (?, ?)` cannot be matched to a
 *   partial index.
 * - `residents_id_names_idx`: a resident by id with the facility, the active flag and the names,
 *   so joining a list row to its resident reads one index entry instead of the primary-key index
 *   and then the table row.
 * Partial indexes and their WHERE are the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('surveys_open_list_idx')
    .on('surveys')
    .columns([
      'facility_id',
      'survey_type',
      'status',
      'due_date',
      'delayed_until',
      'resident_id',
      'id',
    ])
    .where(sql<boolean>`status in ('due', 'delayed')`)
    .execute();
  await db.schema.dropIndex('surveys_due_list_idx').execute();
  await db.schema
    .createIndex('residents_id_names_idx')
    .on('residents')
    .columns(['id', 'facility_id', 'active', 'last_name', 'first_name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('residents_id_names_idx').execute();
  await db.schema
    .createIndex('surveys_due_list_idx')
    .on('surveys')
    .columns(['facility_id', 'survey_type', 'status', 'due_date'])
    .execute();
  await db.schema.dropIndex('surveys_open_list_idx').execute();
}
