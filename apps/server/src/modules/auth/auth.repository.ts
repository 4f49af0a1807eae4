import type { PermissionType } from '@carevoice/shared';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/database.js';
import { facilityVisible } from '../access/access.repository.js';

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
  /** May the user see this facility (access.repository.ts, facilityVisible)? */
  facilityId?: string | undefined;
}

/**
 * The session with the fields of its user that a request needs and, when asked, whether a
 * `user_permissions` row grants the permission (`permission_granted`) and whether the user may
 * see the facility (`facility_visible`).
 */
export async function findSessionWithUser(
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
              .where('user_permissions.permission', '=', permission as PermissionType),
          )
          .as('permission_granted'),
      ),
    )
    .$if(facilityId !== undefined, (query) =>
      query.select((eb) =>
        facilityVisible(
          eb,
          { id: eb.ref('users.id'), allFacilityAccess: eb.ref('users.all_facility_access') },
          sql.val(facilityId as string),
        ).as('facility_visible'),
      ),
    )
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
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
