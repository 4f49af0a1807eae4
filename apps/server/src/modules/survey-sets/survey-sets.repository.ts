import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The survey sets assigned to the facility, by name. */
export async function listFacilitySurveySets(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('survey_sets')
    .innerJoin('facility_survey_sets', 'facility_survey_sets.survey_set_id', 'survey_sets.id')
    .select(['survey_sets.id', 'survey_sets.name'])
    .where('facility_survey_sets.facility_id', '=', facilityId)
    .orderBy('survey_sets.name')
    .orderBy('survey_sets.id')
    .execute();
}

export async function findSurveySet(
  db: Kysely<Database>,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('survey_sets')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isSetAssignedToFacility(
  db: Kysely<Database>,
  surveySetId: string,
  facilityId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('facility_survey_sets')
    .select('survey_set_id')
    .where('survey_set_id', '=', surveySetId)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  return row !== undefined;
}
