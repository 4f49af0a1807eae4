import type { Kysely } from 'kysely';
import type { Database, Flag } from '../../db/database.js';
import { fromBool } from '../../db/values.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';

export interface SurveySetRow {
  id: string;
  name: string;
  version: number;
}

/**
 * The survey sets offered by at least one facility `viewer` may see, by name; every set (those
 * offered nowhere too) when `everySet`.
 */
export async function listSurveySetsOf(
  db: Kysely<Database>,
  viewer: Viewer,
  everySet: boolean,
): Promise<SurveySetRow[]> {
  let query = db
    .selectFrom('survey_sets')
    .select(['survey_sets.id', 'survey_sets.name', 'survey_sets.version']);
  if (!everySet) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('facility_survey_sets')
          .select('facility_survey_sets.facility_id')
          .whereRef('facility_survey_sets.survey_set_id', '=', 'survey_sets.id')
          .where((inner) => facilityVisible(viewer, inner.ref('facility_survey_sets.facility_id'))),
      ),
    );
  }
  return query.orderBy('survey_sets.name').orderBy('survey_sets.id').execute();
}

/** The facilities offering each of the sets, by set id (every facility, as stored). */
export async function facilityIdsOfSets(
  db: Kysely<Database>,
  surveySetIds: readonly string[],
): Promise<Map<string, string[]>> {
  const bySet = new Map<string, string[]>(surveySetIds.map((id) => [id, []]));
  if (surveySetIds.length === 0) return bySet;
  const rows = await db
    .selectFrom('facility_survey_sets')
    .select(['survey_set_id', 'facility_id'])
    .where('survey_set_id', 'in', surveySetIds)
    .orderBy('survey_set_id')
    .orderBy('facility_id')
    .execute();
  for (const row of rows) bySet.get(row.survey_set_id)?.push(row.facility_id);
  return bySet;
}

export async function findSurveySetRow(
  db: Kysely<Database>,
  id: string,
): Promise<SurveySetRow | undefined> {
  return db
    .selectFrom('survey_sets')
    .select(['id', 'name', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The facilities offering the set, each with whether `viewer` may see it. */
export async function setFacilitiesSeenBy(
  db: Kysely<Database>,
  viewer: Viewer,
  surveySetId: string,
): Promise<{ facilityId: string; visible: boolean }[]> {
  const rows = await db
    .selectFrom('facility_survey_sets')
    .select((eb) => [
      'facility_survey_sets.facility_id',
      facilityVisible(viewer, eb.ref('facility_survey_sets.facility_id')).as('visible'),
    ])
    .where('facility_survey_sets.survey_set_id', '=', surveySetId)
    .orderBy('facility_survey_sets.facility_id')
    .execute();
  return rows.map((row) => ({
    facilityId: row.facility_id,
    visible: fromBool(row.visible as boolean | Flag),
  }));
}

export async function insertSurveySet(
  db: Kysely<Database>,
  row: { id: string; name: string },
): Promise<void> {
  await db
    .insertInto('survey_sets')
    .values({ ...row, version: 1 })
    .execute();
}

/**
 * Renames the set (when `name` is given) if it is still at `version`, and moves the version on.
 * Whether a row was changed: false when someone else's change came first.
 */
export async function updateSurveySetAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  name: string | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('survey_sets')
    .set((eb) => ({ ...(name === undefined ? {} : { name }), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function assignSurveySet(
  db: Kysely<Database>,
  surveySetId: string,
  facilityIds: readonly string[],
): Promise<void> {
  if (facilityIds.length === 0) return;
  await db
    .insertInto('facility_survey_sets')
    .values(
      facilityIds.map((facilityId) => ({ facility_id: facilityId, survey_set_id: surveySetId })),
    )
    .execute();
}

export async function unassignSurveySet(
  db: Kysely<Database>,
  surveySetId: string,
  facilityIds: readonly string[],
): Promise<void> {
  if (facilityIds.length === 0) return;
  await db
    .deleteFrom('facility_survey_sets')
    .where('survey_set_id', '=', surveySetId)
    .where('facility_id', 'in', facilityIds)
    .execute();
}
