import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The user's sessions that are not revoked and not past their 7 days, newest use first. */
export async function listLiveSessions(db: Kysely<Database>, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Revokes the user's session `sessionId`; false when the user has no such live session. */
export async function revokeOwnSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Revokes every session of the user but `keep`; how many. */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keep: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', keep)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setPendingMfaSecret(
  db: Kysely<Database>,
  userId: string,
  sealed: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ mfa_pending_secret: sealed })
    .where('id', '=', userId)
    .execute();
}

/** Turns the pending secret on, unless another request did first; false then. */
export async function enableMfa(
  db: Kysely<Database>,
  userId: string,
  change: { sealed: string; timeStep: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      mfa_secret: change.sealed,
      mfa_pending_secret: null,
      mfa_enabled_at: change.at,
      mfa_last_time_step: change.timeStep,
      updated_at: change.at,
    })
    .where('id', '=', userId)
    .where('mfa_pending_secret', '=', change.sealed)
    .where('mfa_secret', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Removes the second factor and its recovery codes; whether there was one. */
export async function clearMfa(db: Kysely<Database>, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      mfa_secret: null,
      mfa_pending_secret: null,
      mfa_enabled_at: null,
      mfa_last_time_step: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('mfa_secret', 'is not', null), eb('mfa_pending_secret', 'is not', null)]),
    )
    .executeTakeFirst();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  return result.numUpdatedRows === 1n;
}

export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  rows: { id: string; code_hash: string }[],
  at: string,
): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(rows.map((row) => ({ ...row, user_id: userId, created_at: at, used_at: null })))
    .execute();
}

/**
 * Accepts a TOTP code's time step once: only when it is after the last accepted one. False when
 * another request accepted this step (or a later one) first.
 */
export async function acceptTimeStep(
  db: Kysely<Database>,
  userId: string,
  timeStep: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mfa_last_time_step: timeStep })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('mfa_last_time_step', 'is', null), eb('mfa_last_time_step', '<', timeStep)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Uses an unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
