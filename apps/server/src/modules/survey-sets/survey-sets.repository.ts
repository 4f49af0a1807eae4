import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

const findFacilitySurveySets = prepared((db, facilityId: string) =>
  db
    .selectFrom('survey_sets')
    .innerJoin('facility_survey_sets', 'facility_survey_sets.survey_set_id', 'survey_sets.id')
    .select(['survey_sets.id', 'survey_sets.name'])
    .where('facility_survey_sets.facility_id', '=', facilityId)
    .orderBy('survey_sets.name')
    .orderBy('survey_sets.id'),
);

/** The survey sets assigned to the facility, by name (built once, db/prepared.ts). */
export async function listFacilitySurveySets(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ id: string; name: string }[]> {
  return findFacilitySurveySets(db, facilityId);
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

/**
 * Whether the set is assigned to at least one facility of the user (to any facility when
 * `allFacilities`).
 */
export async function isSetAssignedToUserFacility(
  db: Kysely<Database>,
  surveySetId: string,
  scope: { allFacilities: true } | { allFacilities: false; userId: string },
): Promise<boolean> {
  const query = db
    .selectFrom('facility_survey_sets')
    .select('facility_survey_sets.survey_set_id')
    .where('facility_survey_sets.survey_set_id', '=', surveySetId)
    .limit(1);
  const row = scope.allFacilities
    ? await query.executeTakeFirst()
    : await query
        .innerJoin(
          'user_facilities',
          'user_facilities.facility_id',
          'facility_survey_sets.facility_id',
        )
        .where('user_facilities.user_id', '=', scope.userId)
        .executeTakeFirst();
  return row !== undefined;
}
