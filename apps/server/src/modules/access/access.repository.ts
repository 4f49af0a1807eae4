/**
 * Who may see which facility (DESIGN §4), as SQL. `facilityVisible` is the one definition: the
 * facility exists, and the user holds every facility (`all_facility_access`) or a grant for it
 * (`user_facilities`). Every query that asks — the guard's session lookup, the user's facility
 * list, a facility named by a record (a survey's, a review's) and a survey set's facilities —
 * uses it; no other query joins `user_facilities` to decide access.
 */
import type { PermissionType } from '@carevoice/shared';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Flag } from '../../db/database.js';
import { fromBool } from '../../db/values.js';

/** The user asked about: columns of a joined `users` row, or a signed-in user's values. */
export interface Viewer {
  id: Expression<string>;
  allFacilityAccess: Expression<Flag>;
}

/** A signed-in user as a Viewer. */
export function viewerOf(user: { id: string; allFacilityAccess: boolean }): Viewer {
  return { id: sql.val(user.id), allFacilityAccess: sql.val(user.allFacilityAccess ? 1 : 0) };
}

/**
 * Whether `viewer` may see the facility `facilityId` (see the top of this file). Written as SQL
 * text, which the session lookup of every request embeds too (auth.repository.ts); Kysely's
 * builder would cost ten times as much to build there (docs/performance.md).
 */
export function facilityVisible(
  viewer: Viewer,
  facilityId: Expression<string>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from facilities as visible_facility
      where visible_facility.id = ${facilityId})
    and (${viewer.allFacilityAccess} = 1 or exists (select 1 from user_facilities as facility_grant
      where facility_grant.user_id = ${viewer.id} and facility_grant.facility_id = ${facilityId})))`;
}

/** The user's explicit permissions (rows of `user_permissions`). */
export async function listPermissionRows(
  db: Kysely<Database>,
  userId: string,
): Promise<PermissionType[]> {
  const rows = await db
    .selectFrom('user_permissions')
    .select('permission')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.permission);
}

/**
 * The facilities the user may choose from, by name: the ones they may see, except archived ones
 * (DESIGN §8: an archived facility leaves every list to choose from; its data stays, and the
 * back office still lists it, admin-facilities). Access to an archived facility is unchanged
 * (facilityVisible above): a survey already open on a tablet can still be sent.
 */
export async function listVisibleFacilities(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('facilities')
    .select(['facilities.id', 'facilities.name'])
    .where('facilities.archived', '=', 0)
    .where((eb) => facilityVisible(viewer, eb.ref('facilities.id')))
    .orderBy('facilities.name')
    .orderBy('facilities.id')
    .execute();
}

export async function isFacilityVisible(
  db: Kysely<Database>,
  viewer: Viewer,
  facilityId: string,
): Promise<boolean> {
  const row = await db
    .selectNoFrom(facilityVisible(viewer, sql.val(facilityId)).as('visible'))
    .executeTakeFirstOrThrow();
  return fromBool(row.visible);
}

/**
 * Whether a survey set exists and whether it is assigned to at least one facility the user may
 * see; undefined when there is no such set.
 */
export async function surveySetVisibility(
  db: Kysely<Database>,
  viewer: Viewer,
  surveySetId: string,
): Promise<{ visible: boolean } | undefined> {
  const row = await db
    .selectFrom('survey_sets')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('facility_survey_sets')
            .select('facility_survey_sets.facility_id')
            .whereRef('facility_survey_sets.survey_set_id', '=', 'survey_sets.id')
            .where((inner) =>
              facilityVisible(viewer, inner.ref('facility_survey_sets.facility_id')),
            ),
        )
        .as('visible'),
    )
    .where('survey_sets.id', '=', surveySetId)
    .executeTakeFirst();
  return row && { visible: fromBool(row.visible) };
}
