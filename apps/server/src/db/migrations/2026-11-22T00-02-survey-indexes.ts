import { sql, type Kysely } from 'kysely';

/**
 * Indexes of the survey endpoints (ADR 005):
 * - an employee is named by its code within its facility (acknowledgements), so (facility_id,
 *   code) is unique and indexed;
 * - a resident has at most one open (`due` or `delayed`) Admission or Discharge survey of each
 *   type, so two concurrent `create-survey/` calls cannot both create one. Set surveys
 *   (`survey_set_id` set) may be taken again and again, so they are left out.
 * Partial indexes work the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('employees_facility_code_idx')
    .on('employees')
    .columns(['facility_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('surveys_open_resident_type_idx')
    .on('surveys')
    .columns(['resident_id', 'survey_type'])
    .unique()
    .where(sql<boolean>`status in ('due', 'delayed') and survey_set_id is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('surveys_open_resident_type_idx').execute();
  await db.schema.dropIndex('employees_facility_code_idx').execute();
}
