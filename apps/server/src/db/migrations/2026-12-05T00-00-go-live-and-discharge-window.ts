import type { Kysely } from 'kysely';

/**
 * Going live and same-day discharges (issue 33, ADR 049):
 * - `facilities.go_live_on` (date `yyyy-MM-dd`, facility-local, null = none): census dates
 *   before it schedule no Admission or Discharge survey;
 * - `facilities.discharge_window_days` (0 = today only): a census discharge dated today or up to
 *   this many days earlier keeps the resident's open Discharge survey on the staff's list;
 * - `residents.discharge_listed` (0/1): set by the census when it discharges a resident within
 *   that window; the Discharge due list shows the open Discharge survey of such a resident.
 * The due list reads a resident by id from `residents_id_names_language_idx` alone (ADR 009,
 * ADR 033); it now also tests `discharge_listed`, so the index is made again with that column
 * (under a new name before the old one is dropped). Plain columns with defaults, the same on
 * SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('facilities').addColumn('go_live_on', 'text').execute();
  await db.schema
    .alterTable('facilities')
    .addColumn('discharge_window_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('residents')
    .addColumn('discharge_listed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('residents_id_names_listed_idx')
    .on('residents')
    .columns([
      'id',
      'facility_id',
      'active',
      'discharge_listed',
      'last_name',
      'first_name',
      'preferred_language',
    ])
    .execute();
  await db.schema.dropIndex('residents_id_names_language_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('residents_id_names_language_idx')
    .on('residents')
    .columns(['id', 'facility_id', 'active', 'last_name', 'first_name', 'preferred_language'])
    .execute();
  await db.schema.dropIndex('residents_id_names_listed_idx').execute();
  await db.schema.alterTable('residents').dropColumn('discharge_listed').execute();
  await db.schema.alterTable('facilities').dropColumn('discharge_window_days').execute();
  await db.schema.alterTable('facilities').dropColumn('go_live_on').execute();
}
