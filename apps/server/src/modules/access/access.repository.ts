import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

type FacilityScope = { allFacilities: true } | { allFacilities: false; userId: string };

// Run on most requests, so built once (db/prepared.ts).
const findPermissionRows = prepared((db, userId: string) =>
  db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId),
);
const findAllFacilities = prepared((db) =>
  db
    .selectFrom('facilities')
    .select(['facilities.id', 'facilities.name'])
    .orderBy('facilities.name')
    .orderBy('facilities.id'),
);
const findUserFacilities = prepared((db, userId: string) =>
  db
    .selectFrom('facilities')
    .innerJoin('user_facilities', 'user_facilities.facility_id', 'facilities.id')
    .select(['facilities.id', 'facilities.name'])
    .where('user_facilities.user_id', '=', userId)
    .orderBy('facilities.name')
    .orderBy('facilities.id'),
);
const findFacility = prepared((db, facilityId: string) =>
  db.selectFrom('facilities').select('id').where('id', '=', facilityId),
);
const findUserFacility = prepared((db, userId: string, facilityId: string) =>
  db
    .selectFrom('user_facilities')
    .select('facility_id as id')
    .where('user_id', '=', userId)
    .where('facility_id', '=', facilityId),
);

export async function listPermissionRows(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await findPermissionRows(db, userId);
  return rows.map((row) => row.permission);
}

/** Every facility, or those granted to the user, sorted by name. */
export async function listFacilities(
  db: Kysely<Database>,
  scope: FacilityScope,
): Promise<{ id: string; name: string }[]> {
  return scope.allFacilities ? findAllFacilities(db) : findUserFacilities(db, scope.userId);
}

/** Whether the facility exists and (unless `allFacilities`) is granted to the user. */
export async function facilityVisible(
  db: Kysely<Database>,
  facilityId: string,
  scope: FacilityScope,
): Promise<boolean> {
  const rows = scope.allFacilities
    ? await findFacility(db, facilityId)
    : await findUserFacility(db, scope.userId, facilityId);
  return rows.length > 0;
}
