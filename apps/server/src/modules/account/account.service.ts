/**
 * My account (DESIGN §8): the signed-in user's live sessions (end one, or all the others), the
 * password change, and whether a second factor is on or required. The second factor itself is
 * mfa.service.ts.
 */
import {
  ACCOUNT_MESSAGES,
  hasPermission,
  type AccountResponse,
  type ChangePasswordRequest,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { toTimestamp } from '../../db/values.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError } from '../../lib/http-error.js';
import { listPermissionRows } from '../access/access.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { LOGIN_RULE, type AuthContext } from '../auth/auth.service.js';
import { assertNotThrottled, recordAttempt } from '../throttle/throttle.service.js';
import { findUserById, updatePasswordHash } from '../users/users.repository.js';
import { listLiveSessions, revokeOtherSessions, revokeOwnSession } from './account.repository.js';

/** Whether the user must turn on a second factor before the back office opens. */
export async function secondFactorRequired(ctx: AppContext, auth: AuthContext): Promise<boolean> {
  if (!ctx.config.mfaRequiredForAdministration) return false;
  const permissions = await listPermissionRows(ctx.db, auth.user.id);
  return hasPermission('Administration', permissions, auth.user.allPermissionAccess);
}

export async function accountOf(ctx: AppContext, auth: AuthContext): Promise<AccountResponse> {
  const sessions = await listLiveSessions(ctx.db, auth.user.id, toTimestamp(ctx.now()));
  const current = sessions.filter((session) => session.id === auth.sessionId);
  const others = sessions.filter((session) => session.id !== auth.sessionId);
  return {
    name: auth.user.name,
    email: auth.user.email,
    mfa_enabled: auth.user.mfaEnabled,
    mfa_required: await secondFactorRequired(ctx, auth),
    sessions: [...current, ...others].map((session) => ({
      ...session,
      current: session.id === auth.sessionId,
    })),
  };
}

/**
 * A new password, given the current one (a wrong one counts as a failed sign-in, so a session
 * left open cannot be used to guess it). Every other session of the user ends.
 */
export async function changePassword(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  input: ChangePasswordRequest,
): Promise<string> {
  const account = auth.user.email;
  await assertNotThrottled(ctx.db, LOGIN_RULE, account, meta);
  const user = await findUserById(ctx.db, auth.user.id);
  if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
    await recordAttempt(ctx.db, 'login', account, meta, false);
    throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.new_password);
  const at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash, at);
    const ended = await revokeOtherSessions(trx, user.id, auth.sessionId, at);
    await recordAudit(trx, meta, {
      action: 'account.password_changed',
      targetType: 'user',
      targetId: user.id,
      detail: { sessions_ended: ended },
    });
  });
  return ACCOUNT_MESSAGES.passwordChanged;
}

/** Ends one of the user's own sessions (the current one too: that is signing out here). */
export async function endSession(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  sessionId: string,
): Promise<{ detail: string; endedCurrent: boolean }> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = toTimestamp(meta.at);
    if (!(await revokeOwnSession(trx, auth.user.id, sessionId, at))) return;
    await recordAudit(trx, meta, {
      action: 'account.session_ended',
      targetType: 'session',
      targetId: sessionId,
    });
  });
  return { detail: ACCOUNT_MESSAGES.sessionEnded, endedCurrent: sessionId === auth.sessionId };
}

export async function endOtherSessions(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
): Promise<string> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = toTimestamp(meta.at);
    const ended = await revokeOtherSessions(trx, auth.user.id, auth.sessionId, at);
    await recordAudit(trx, meta, {
      action: 'account.other_sessions_ended',
      targetType: 'user',
      targetId: auth.user.id,
      detail: { sessions_ended: ended },
    });
  });
  return ACCOUNT_MESSAGES.otherSessionsEnded;
}
