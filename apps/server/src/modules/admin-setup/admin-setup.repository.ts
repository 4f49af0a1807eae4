/**
 * What the first-run checklist counts (ADR 051), over a list of facilities: one small query per
 * step, each on an index that starts with `facility_id` (or the questionnaire's id).
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';

type Counted = { count: string | number | bigint } | undefined;
const asNumber = (row: Counted): number => Number(row?.count ?? 0);

/** Active employees of these facilities. */
export async function countEmployees(
  db: Kysely<Database>,
  facilityIds: readonly string[],
): Promise<number> {
  return asNumber(
    await db
      .selectFrom('employees')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('facility_id', 'in', facilityIds)
      .where('active', '=', 1)
      .executeTakeFirst(),
  );
}

/** Residents of these facilities, discharged ones included. */
export async function countResidents(
  db: Kysely<Database>,
  facilityIds: readonly string[],
): Promise<number> {
  return asNumber(
    await db
      .selectFrom('residents')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('facility_id', 'in', facilityIds)
      .executeTakeFirst(),
  );
}

/**
 * Questionnaires of these facilities, or of a survey set one of them offers, with a version
 * published by a person (the standard versions have no publisher).
 */
export async function countQuestionnairesPublished(
  db: Kysely<Database>,
  facilityIds: readonly string[],
): Promise<number> {
  return asNumber(
    await db
      .selectFrom('questionnaires')
      .select((eb) => eb.fn.countAll().as('count'))
      .where((eb) =>
        eb.or([
          eb('questionnaires.facility_id', 'in', facilityIds),
          eb(
            'questionnaires.survey_set_id',
            'in',
            eb
              .selectFrom('facility_survey_sets')
              .select('facility_survey_sets.survey_set_id')
              .where('facility_survey_sets.facility_id', 'in', facilityIds),
          ),
        ]),
      )
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('questionnaire_versions')
            .select(sql.lit(1).as('one'))
            .whereRef('questionnaire_versions.questionnaire_id', '=', 'questionnaires.id')
            .where('questionnaire_versions.published_by', 'is not', null),
        ),
      )
      .executeTakeFirst(),
  );
}

/**
 * Other users who share a facility with the viewer (a grant of one the viewer sees, or every
 * facility), invited ones included: the same scope as the user list (admin-users).
 */
export async function countStaff(db: Kysely<Database>, viewer: Viewer, userId: string) {
  return asNumber(
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('users.id', '!=', userId)
      .where(
        sql<SqlBool>`(users.all_facility_access = 1 or exists (select 1 from user_facilities as shared
        where shared.user_id = users.id and ${facilityVisible(viewer, sql.ref('shared.facility_id'))}))`,
      )
      .executeTakeFirst(),
  );
}
