import type { Kysely } from 'kysely';

/**
 * A covering index for the lists of a facility's active residents (docs/performance.md):
 * `active-patients/` reads every active resident of a facility by last and first name, and the
 * unlisted-resident search filters the same rows by name or client id. With id and client id in
 * the index, both read the index alone, in the order they answer, instead of one table row per
 * resident and a sort. It starts with the columns of `residents_facility_idx`, which it replaces.
 * Plain columns rather than PostgreSQL's INCLUDE, so the index is the same on both dialects.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('residents_facility_list_idx')
    .on('residents')
    .columns(['facility_id', 'active', 'last_name', 'first_name', 'id', 'client_id'])
    .execute();
  await db.schema.dropIndex('residents_facility_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('residents_facility_idx')
    .on('residents')
    .columns(['facility_id', 'active', 'last_name', 'first_name'])
    .execute();
  await db.schema.dropIndex('residents_facility_list_idx').execute();
}
