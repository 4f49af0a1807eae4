import { sql, type Kysely } from 'kysely';

/**
 * Facility names are unique whatever their case (DESIGN §8: an administrator tells facilities
 * apart by name in every list), so two administrators creating or renaming at the same moment
 * cannot both take one name. The service checks first, for a clear message; this index decides
 * a race. `lower()` works the same way on SQLite (ASCII letters) and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('facilities_name_unique_idx')
    .on('facilities')
    .expression(sql`lower(name)`)
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('facilities_name_unique_idx').execute();
}
