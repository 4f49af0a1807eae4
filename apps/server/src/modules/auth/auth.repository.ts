import type { PermissionType } from '@carevoice/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

export async function insertSession(
  db: Kysely<Database>,
  session: Insertable<SessionsTable>,
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * Access facts the guard needs besides the session (DESIGN §4), answered by the session lookup
 * itself, so that a facility-scoped request makes one round trip before its handler, not three.
 */
export interface AccessQuestions {
  /** Does a `user_permissions` row grant the user this permission? */
  permission: PermissionType;
  /** Does this facility exist, and is it granted to the user (`user_facilities`)? */
  facilityId?: string | undefined;
}

/**
 * A session with the fields of its user that a request needs and, when asked, whether a
 * `user_permissions` row grants the permission (`permission_granted`), whether the facility
 * exists (`facility_exists`) and whether it is granted to the user (`facility_granted`). Each is
 * a primary-key probe.
 */
function sessionQuery(
  db: Kysely<Database>,
  sessionId: string,
  questions: Partial<AccessQuestions> = {},
) {
  const { permission, facilityId } = questions;
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.email',
      'users.name',
      'users.active',
      'users.all_facility_access',
      'users.all_permission_access',
    ])
    .$if(permission !== undefined, (query) =>
      query.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_permissions')
              .select('user_permissions.permission')
              .whereRef('user_permissions.user_id', '=', 'users.id')
              .where('user_permissions.permission', '=', permission ?? 'Patients_Surveys'),
          )
          .as('permission_granted'),
      ),
    )
    .$if(facilityId !== undefined, (query) =>
      query.select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('facilities')
              .select('facilities.id')
              .where('facilities.id', '=', facilityId ?? ''),
          )
          .as('facility_exists'),
        eb
          .exists(
            eb
              .selectFrom('user_facilities')
              .select('user_facilities.facility_id')
              .whereRef('user_facilities.user_id', '=', 'users.id')
              .where('user_facilities.facility_id', '=', facilityId ?? ''),
          )
          .as('facility_granted'),
      ]),
    )
    .where('sessions.id', '=', sessionId);
}

// Every request runs one of these, so they are built once (db/prepared.ts).
const findSession = prepared((db, sessionId: string) => sessionQuery(db, sessionId));
const findSessionAndPermission = prepared((db, sessionId: string, permission: PermissionType) =>
  sessionQuery(db, sessionId, { permission }),
);
const findSessionPermissionAndFacility = prepared(
  (db, sessionId: string, permission: PermissionType, facilityId: string) =>
    sessionQuery(db, sessionId, { permission, facilityId }),
);

/** The session with its user and the answers to the questions, if any (see sessionQuery). */
export async function findSessionWithUser(
  db: Kysely<Database>,
  sessionId: string,
  questions?: AccessQuestions,
) {
  let rows;
  if (!questions) rows = await findSession(db, sessionId);
  else if (questions.facilityId === undefined) {
    rows = await findSessionAndPermission(db, sessionId, questions.permission);
  } else {
    rows = await findSessionPermissionAndFacility(
      db,
      sessionId,
      questions.permission,
      questions.facilityId,
    );
  }
  return rows[0];
}

export async function touchSession(
  db: Kysely<Database>,
  sessionId: string,
  at: string,
): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeSession(
  db: Kysely<Database>,
  sessionId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
