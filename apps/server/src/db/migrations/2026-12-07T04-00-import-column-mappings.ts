import type { Kysely } from 'kysely';

/**
 * Column mappings of the census and staff imports (issue 33, ADR 056): per facility and kind
 * (`residents` | `employees`), the mapping of the last file imported with one — each header of
 * the file and the field it was read as (null: ignored), as JSON — and its date format
 * (`iso` | `us` | `day_first`, null: none chosen). The next import of that facility offers it as
 * its guess. Written in the import's transaction; the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_mappings')
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('columns_json', 'text', (c) => c.notNull())
    .addColumn('date_format', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_mappings_pk', ['facility_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_mappings').execute();
}
