import type { Kysely } from 'kysely';

/**
 * The resident's language on the staff lists (issue 17, ADR 033). `residents.preferred_language`
 * exists since `2026-11-25T05-00-administration` (text, default 'en'; the census service accepts
 * only the languages the facility offers, a subset of RESIDENT_LANGUAGES). The due list, the
 * unlisted search and Active Patients now answer it, so the covering indexes they read grow by
 * that column, and those lists still read the index alone (docs/performance.md, ADR 009):
 * - `residents_id_names_idx` (a due-list row's resident by id) gains `preferred_language`;
 * - `residents_facility_list_idx` (a facility's active residents by name) gains it too.
 * Each is created under a new name before the old one is dropped, so no list is without an index
 * meanwhile. Plain columns, the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('residents_id_names_language_idx')
    .on('residents')
    .columns(['id', 'facility_id', 'active', 'last_name', 'first_name', 'preferred_language'])
    .execute();
  await db.schema.dropIndex('residents_id_names_idx').execute();
  await db.schema
    .createIndex('residents_facility_list_language_idx')
    .on('residents')
    .columns([
      'facility_id',
      'active',
      'last_name',
      'first_name',
      'id',
      'client_id',
      'preferred_language',
    ])
    .execute();
  await db.schema.dropIndex('residents_facility_list_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('residents_facility_list_idx')
    .on('residents')
    .columns(['facility_id', 'active', 'last_name', 'first_name', 'id', 'client_id'])
    .execute();
  await db.schema.dropIndex('residents_facility_list_language_idx').execute();
  await db.schema
    .createIndex('residents_id_names_idx')
    .on('residents')
    .columns(['id', 'facility_id', 'active', 'last_name', 'first_name'])
    .execute();
  await db.schema.dropIndex('residents_id_names_language_idx').execute();
}
