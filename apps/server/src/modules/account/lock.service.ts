/**
 * The shared tablet's lock (issue 17, ADR 025). The screen locks in the browser after
 * IDLE_LOCK_MINUTES without a touch; the same user unlocks it with their password or with a PIN
 * of 4–6 digits set on My account. Wrong tries are counted per user (`unlock` attempts, ADR 042)
 * whatever the address, so a locked tablet cannot be used to guess either secret: from the third
 * failure each try from an address waits longer, and ten in 15 minutes pause unlocking for the
 * user everywhere and mail them. They are not failed sign-ins: someone else's wrong PINs never
 * stop the user signing in again with their password. The PIN is hashed like a password
 * (argon2id).
 */
import {
  ACCOUNT_MESSAGES,
  BEDSIDE_TEXT,
  MESSAGES,
  type MeResponse,
  type SetPinRequest,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { toTimestamp } from '../../db/values.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { LOGIN_THROTTLE } from '../../constants.js';
import { LOGIN_RULE, profileOf, type AuthContext } from '../auth/auth.service.js';
import {
  accountLimitReached,
  assertNotThrottled,
  recordAttempt,
  type ThrottleRule,
} from '../throttle/throttle.service.js';
import { findUserById, hasPin, updatePinHash } from '../users/users.repository.js';
import { mailOwner, pauseOccurrence } from './security-mail.js';

/** Unlock tries, per user (the account is the user id), paused for every address at the limit. */
export const UNLOCK_RULE: ThrottleRule = {
  kind: 'unlock',
  ...LOGIN_THROTTLE,
  failuresOnly: true,
  lockEveryAddress: true,
  message: ACCOUNT_MESSAGES.unlockSuspended,
  delayMessage: ACCOUNT_MESSAGES.attemptsDelayed,
};

/** `GET me/`: the profile and what the tablet's lock needs. */
export async function meOf(ctx: AppContext, auth: AuthContext): Promise<MeResponse> {
  return {
    ...profileOf(auth.user),
    idle_lock_minutes: ctx.config.idleLockMinutes,
    pin_set: await hasPin(ctx.db, auth.user.id),
  };
}

/** Sets or removes the PIN, given the current password (a wrong one is a failed sign-in). */
export async function setPin(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  input: SetPinRequest,
): Promise<string> {
  const account = auth.user.email;
  await assertNotThrottled(ctx.db, LOGIN_RULE, account, meta);
  const user = await findUserById(ctx.db, auth.user.id);
  if (!user || !(await verifyPassword(user.password_hash, input.password))) {
    await recordAttempt(ctx.db, 'login', account, meta, false);
    throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  const pinHash = input.pin === null ? null : await hashPassword(input.pin);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePinHash(trx, user.id, pinHash, toTimestamp(meta.at));
    await recordAudit(trx, meta, {
      action: pinHash === null ? 'account.pin_removed' : 'account.pin_set',
      targetType: 'user',
      targetId: user.id,
    });
  });
  return pinHash === null ? BEDSIDE_TEXT.pin.removed : BEDSIDE_TEXT.pin.saved;
}

/**
 * Unlocks the tablet for the signed-in user: their password, or their PIN. A wrong one is a
 * failed sign-in (throttled, audited) and answers 400.
 */
export async function unlock(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  secret: string,
): Promise<string> {
  const userId = auth.user.id;
  await assertNotThrottled(ctx.db, UNLOCK_RULE, userId, meta);
  const user = await findUserById(ctx.db, userId);
  const pinHash = user?.pin_hash;
  const right =
    user !== undefined &&
    ((pinHash && /^\d{4,6}$/.test(secret) && (await verifyPassword(pinHash, secret))) ||
      (await verifyPassword(user.password_hash, secret)));
  if (!right) {
    await ctx.db.transaction().execute(async (trx) => {
      await recordAttempt(trx, 'unlock', userId, meta, false);
      await recordAudit(trx, meta, {
        action: 'auth.unlock_failed',
        targetType: 'user',
        targetId: userId,
      });
      if (user && (await accountLimitReached(trx, UNLOCK_RULE, userId, meta))) {
        const once = pauseOccurrence(meta.at, UNLOCK_RULE.windowMinutes);
        await mailOwner(ctx, trx, meta, user, 'unlockSuspended', once);
      }
    });
    throw new HttpError(400, MESSAGES.unlockWrong);
  }
  return BEDSIDE_TEXT.lock.unlocked;
}
