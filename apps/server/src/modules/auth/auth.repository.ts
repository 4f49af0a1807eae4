import type { PermissionType } from '@carevoice/shared';
import { sql, type Insertable, type Kysely, type SqlBool } from 'kysely';
import type { Database, Flag, SessionsTable } from '../../db/database.js';
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

/** A session with the fields of its user that a request needs, and the answers asked for. */
export interface SessionRow {
  session_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_id: string;
  email: string;
  name: string;
  active: Flag;
  all_facility_access: Flag;
  all_permission_access: Flag;
  /** Whether the user has a second factor. */
  mfa_enabled: SqlBool;
  /** Whether a `user_permissions` row grants the permission asked about (null: not asked). */
  permission_granted: SqlBool | null;
  /** Whether the user may see the facility asked about (null: not asked). */
  facility_visible: SqlBool | null;
}

/**
 * The session lookup of every request, with the answers to the access questions, if any: one
 * primary-key join plus, when asked, two or three index probes. It is SQL text rather than
 * Kysely's builder because it runs before every request (on PostgreSQL, which caches nothing,
 * literally every one): building it with the builder cost ~55 µs a request, the text ~4 µs
 * (docs/performance.md).
 */
export async function findSessionWithUser(
  db: Kysely<Database>,
  sessionId: string,
  questions: Partial<AccessQuestions> = {},
): Promise<SessionRow | undefined> {
  const { permission, facilityId } = questions;
  const user = {
    id: sql.ref<string>('users.id'),
    allFacilityAccess: sql.ref<Flag>('users.all_facility_access'),
  };
  const permissionGranted =
    permission === undefined
      ? sql`null`
      : sql`exists (select 1 from user_permissions
          where user_permissions.user_id = users.id and user_permissions.permission = ${permission})`;
  const visible = facilityId === undefined ? sql`null` : facilityVisible(user, sql.val(facilityId));
  const { rows } = await sql<SessionRow>`
    select sessions.id as session_id, sessions.created_at, sessions.last_seen_at,
      sessions.expires_at, sessions.revoked_at, users.id as user_id, users.email, users.name,
      users.active, users.all_facility_access, users.all_permission_access,
      case when users.mfa_secret is null then 0 else 1 end as mfa_enabled,
      ${permissionGranted} as permission_granted, ${visible} as facility_visible
    from sessions inner join users on users.id = sessions.user_id
    where sessions.id = ${sessionId}`.execute(db);
  return rows[0];
}

export async function touchSession(
  db: Kysely<Database>,
  sessionId: string,
  at: string,
): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

/**
 * Replaces the session's refresh token id `presented` with `next`; false when `presented` is not
 * the current one (an older token of the session, used again).
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  sessionId: string,
  presented: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ refresh_jti: next })
    .where('id', '=', sessionId)
    .where('refresh_jti', '=', presented)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
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

/** A step-two token's row (ADR 042), by the sha256 of the token. */
export async function findMfaChallenge(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('mfa_challenges')
    .select(['user_id', 'expires_at', 'failures', 'used_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A new step-two token's row; the user's expired ones go. */
export async function insertMfaChallenge(
  db: Kysely<Database>,
  row: { id: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .deleteFrom('mfa_challenges')
    .where('user_id', '=', row.user_id)
    .where('expires_at', '<', row.created_at)
    .execute();
  await db
    .insertInto('mfa_challenges')
    .values({ ...row, used_at: null })
    .execute();
}

/** One more wrong code given with the token. */
export async function addMfaChallengeFailure(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * Uses the token for the sign-in it opens: false when it was used already, has expired or is
 * dead of wrong codes (a conditional update, so two requests racing with it open one session).
 */
export async function useMfaChallenge(
  db: Kysely<Database>,
  id: string,
  at: string,
  maxFailures: number,
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where('failures', '<', maxFailures)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
