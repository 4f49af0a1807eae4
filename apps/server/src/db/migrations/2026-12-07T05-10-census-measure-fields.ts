import type { Kysely } from 'kysely';

/**
 * What the measures need of the census (issue 34 item 2, DESIGN §9 "Census fields", ADR 053):
 * - `residents.admission_type`: `short_stay` | `long_stay` | `assisted_living`; null: not known;
 * - `residents.discharge_destination`: where a discharge went (`home`, `hospital`, `snf`, `irf`,
 *   `ltch`, `psychiatric`, `hospice`, `died`, `ama`, `other`); null: not known or no discharge;
 * - `residents.guardian`: 1 when a court-appointed guardian acts for the resident (default 0);
 * - `residents.bims_score` (0–15) and `residents.bims_on` (`yyyy-MM-dd`): the latest BIMS
 *   cognitive screen, both or neither;
 * - `surveys.channel`: how a survey was taken; 'interview' (at the bedside, every survey so far)
 *   until surveys by link add `email` and `sms` (issue 35).
 * Plain columns, the same on SQLite and PostgreSQL; existing rows take the defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('residents').addColumn('admission_type', 'text').execute();
  await db.schema.alterTable('residents').addColumn('discharge_destination', 'text').execute();
  await db.schema
    .alterTable('residents')
    .addColumn('guardian', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('residents').addColumn('bims_score', 'integer').execute();
  await db.schema.alterTable('residents').addColumn('bims_on', 'text').execute();
  await db.schema
    .alterTable('surveys')
    .addColumn('channel', 'text', (column) => column.notNull().defaultTo('interview'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('surveys').dropColumn('channel').execute();
  for (const column of [
    'bims_on',
    'bims_score',
    'guardian',
    'discharge_destination',
    'admission_type',
  ]) {
    await db.schema.alterTable('residents').dropColumn(column).execute();
  }
}
