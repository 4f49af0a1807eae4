/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238, through otplib) and recovery
 * codes (DESIGN §8, ADR 021).
 *
 * - Setup stores a new secret, encrypted (lib/secret-box.ts), as pending; the browser draws the
 *   QR code from the `otpauth://` URL itself. A first code from the app turns it on and answers
 *   ten recovery codes, shown once and stored as HMACs.
 * - A code is accepted within one 30-second step either side of the server's clock, and only
 *   for a step after the last accepted one: a code seen over a shoulder cannot be used again.
 * - Wrong codes are throttled like passwords (`mfa` attempts), and per user whatever the address
 *   (ADR 042): ten in the window pause code entry for the account and mail the owner. A step-two
 *   token works once and dies after MFA_CHALLENGE_MAX_FAILURES wrong codes.
 */
import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  MFA_RECOVERY_CODE_COUNT,
  UI_TEXT,
  type LoginMfaRequest,
  type MfaDisableRequest,
  type MfaEnableRequest,
  type MfaEnableResponse,
  type MfaSetupRequest,
  type MfaSetupResponse,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import { generateURI, verifySync } from 'otplib';
import { LOGIN_THROTTLE, MFA_CHALLENGE_MAX_FAILURES } from '../../constants.js';
import type { AppContext } from '../../context.js';
import type { Database, User } from '../../db/database.js';
import { fromFlag, fromTimestamp, toTimestamp } from '../../db/values.js';
import { hmacSha256, newRowId, sha256, verifyPassword } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  addMfaChallengeFailure,
  findMfaChallenge,
  useMfaChallenge,
} from '../auth/auth.repository.js';
import { startSession, type AuthContext, type LoginResult } from '../auth/auth.service.js';
import {
  accountLimitReached,
  assertNotThrottled,
  recordAttempt,
  type ThrottleRule,
} from '../throttle/throttle.service.js';
import { findUserById } from '../users/users.repository.js';
import {
  acceptTimeStep,
  clearMfa,
  enableMfa,
  replaceRecoveryCodes,
  setPendingMfaSecret,
  useRecoveryCode,
} from './account.repository.js';
import { mailOwner, pauseOccurrence } from './security-mail.js';

/** The purpose TOTP secrets are sealed for (lib/secret-box.ts). */
export const TOTP_SECRET_PURPOSE = 'mfa-totp';
/** Seconds either side of now whose codes are accepted: one 30-second step. */
const TOLERANCE_SECONDS = 30;

/**
 * Codes are guessed only by someone who has the password: the account's limit pauses code entry
 * for every address (an attacker with many addresses gets ten guesses, not ten per address).
 */
export const MFA_RULE: ThrottleRule = {
  kind: 'mfa',
  ...LOGIN_THROTTLE,
  failuresOnly: true,
  lockEveryAddress: true,
  message: MESSAGES.tooManyLoginAttempts,
  delayMessage: ACCOUNT_MESSAGES.attemptsDelayed,
};

/** A second factor that was refused (the transaction that would have used it rolls back). */
class SecondFactorRefused extends Error {}
/** A step-two token used already, expired or dead (a race lost to another request with it). */
class ChallengeGone extends Error {}

function seal(ctx: AppContext, secret: string): string {
  return sealSecret(ctx.config.sessionSecret, TOTP_SECRET_PURPOSE, secret);
}

function unseal(ctx: AppContext, box: string | null | undefined): string | undefined {
  return box ? openSecret(ctx.config.sessionSecret, TOTP_SECRET_PURPOSE, box) : undefined;
}

function recoveryHash(ctx: AppContext, userId: string, code: string): string {
  return hmacSha256(ctx.config.sessionSecret, `mfa-recovery:${userId}:${code}`);
}

/** A recovery code: ten base32 letters and digits, shown as `abcde-fghij`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let code = '';
  for (const byte of crypto.randomBytes(10)) code += alphabet[byte % 32];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The time step of a valid TOTP code after `afterTimeStep`, or undefined. */
function totpStep(
  secret: string,
  code: string,
  at: Date,
  afterTimeStep: number | null | undefined,
): number | undefined {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null || afterTimeStep === undefined ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Uses `code` (normalised by the shared schema: six digits or a recovery code) as the user's
 * second factor, in `trx`: accepts a TOTP step once, or uses a recovery code once. False when it
 * is not a valid, unused code.
 */
async function consumeSecondFactor(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: User,
  code: string,
  at: Date,
): Promise<boolean> {
  if (/^\d+$/.test(code)) {
    const secret = unseal(ctx, user.mfa_secret);
    if (!secret) return false;
    const step = totpStep(secret, code, at, user.mfa_last_time_step);
    return step !== undefined && acceptTimeStep(trx, user.id, step);
  }
  const recovery = `${code.slice(0, 5)}-${code.slice(5)}`;
  return useRecoveryCode(trx, user.id, recoveryHash(ctx, user.id, recovery), toTimestamp(at));
}

/**
 * A wrong code (or password) of the user: counted, audited, and when it brings the account to
 * its limit, the owner is mailed that code entry is paused. `also` runs in the same transaction.
 */
async function recordCodeFailure(
  ctx: AppContext,
  meta: RequestMeta,
  user: User,
  also?: (trx: Kysely<Database>) => Promise<void>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await also?.(trx);
    await recordAttempt(trx, 'mfa', user.id, meta, false);
    await recordAudit(trx, meta, {
      action: 'auth.mfa_failed',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
    });
    if (await accountLimitReached(trx, MFA_RULE, user.id, meta)) {
      const once = pauseOccurrence(meta.at, MFA_RULE.windowMinutes);
      await mailOwner(ctx, trx, meta, user, 'codesSuspended', once);
    }
  });
}

/**
 * The user, once their current password is checked (issue 31: a session alone cannot change the
 * second factor). A wrong password counts as a wrong code (throttled, audited) and is 400.
 */
async function userWithPassword(
  ctx: AppContext,
  meta: RequestMeta,
  userId: string,
  password: string,
): Promise<User> {
  await assertNotThrottled(ctx.db, MFA_RULE, userId, meta);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized(MESSAGES.sessionExpired);
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordCodeFailure(ctx, meta, user);
    throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  return user;
}

/** A new secret, pending until a first code confirms it; the current password is needed. */
export async function setupMfa(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  input: MfaSetupRequest,
): Promise<MfaSetupResponse> {
  if (auth.user.mfaEnabled) throw new HttpError(409, ACCOUNT_MESSAGES.mfaAlreadyEnabled);
  await userWithPassword(ctx, meta, auth.user.id, input.password);
  const secret = ctx.newMfaSecret();
  await setPendingMfaSecret(ctx.db, auth.user.id, seal(ctx, secret));
  return {
    secret,
    otpauth_url: generateURI({ issuer: UI_TEXT.appName, label: auth.user.email, secret }),
  };
}

/**
 * Turns the pending secret on with the current password and a first code; the recovery codes,
 * shown once. The owner is mailed (a new recovery-code set comes only with this).
 */
export async function confirmMfa(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  input: MfaEnableRequest,
): Promise<MfaEnableResponse> {
  const userId = auth.user.id;
  const code = input.code;
  const user = await userWithPassword(ctx, meta, userId, input.password);
  if (user.mfa_secret) throw new HttpError(409, ACCOUNT_MESSAGES.mfaAlreadyEnabled);
  const pending = unseal(ctx, user.mfa_pending_secret);
  if (!pending || !user.mfa_pending_secret)
    throw new HttpError(409, ACCOUNT_MESSAGES.mfaSetupFirst);
  const step = totpStep(pending, code, meta.at, null);
  if (step === undefined) {
    await recordCodeFailure(ctx, meta, user);
    throw new HttpError(400, ACCOUNT_MESSAGES.mfaCodeWrong);
  }
  const codes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, newRecoveryCode);
  const at = toTimestamp(meta.at);
  const sealed = user.mfa_pending_secret;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await enableMfa(trx, userId, { sealed, timeStep: step, at }))) {
      throw new HttpError(409, ACCOUNT_MESSAGES.mfaSetupFirst);
    }
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((recovery) => ({ id: newRowId(), code_hash: recoveryHash(ctx, userId, recovery) })),
      at,
    );
    await recordAttempt(trx, 'mfa', userId, meta, true);
    await recordAudit(trx, meta, {
      action: 'account.mfa_enabled',
      targetType: 'user',
      targetId: userId,
    });
    await mailOwner(ctx, trx, meta, user, 'mfaEnabled');
  });
  return { recovery_codes: codes };
}

/** Turns the second factor off: the password and a code (or a recovery code) are needed. */
export async function disableMfa(
  ctx: AppContext,
  meta: RequestMeta,
  auth: AuthContext,
  input: MfaDisableRequest,
): Promise<string> {
  const userId = auth.user.id;
  await assertNotThrottled(ctx.db, MFA_RULE, userId, meta);
  const user = await findUserById(ctx.db, userId);
  if (!user?.mfa_secret) throw new HttpError(409, ACCOUNT_MESSAGES.mfaNotEnabled);
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await recordCodeFailure(ctx, meta, user);
    throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  const at = toTimestamp(meta.at);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await consumeSecondFactor(ctx, trx, user, input.code, meta.at))) {
        throw new SecondFactorRefused();
      }
      await clearMfa(trx, userId, at);
      await recordAttempt(trx, 'mfa', userId, meta, true);
      await recordAudit(trx, meta, {
        action: 'account.mfa_disabled',
        targetType: 'user',
        targetId: userId,
      });
      await mailOwner(ctx, trx, meta, user, 'mfaDisabled');
    });
  } catch (error) {
    if (!(error instanceof SecondFactorRefused)) throw error;
    await recordCodeFailure(ctx, meta, user);
    throw new HttpError(400, ACCOUNT_MESSAGES.mfaCodeWrong);
  }
  return ACCOUNT_MESSAGES.mfaDisabled;
}

/**
 * Step two of signing in: the token from step one and a code; the new session. The token works
 * once, until it expires or has had MFA_CHALLENGE_MAX_FAILURES wrong codes (ADR 042).
 */
export async function loginWithSecondFactor(
  ctx: AppContext,
  meta: RequestMeta,
  input: LoginMfaRequest,
): Promise<LoginResult> {
  const expired = () => unauthorized(ACCOUNT_MESSAGES.mfaLoginExpired);
  const challengeId = sha256(input.mfa_token);
  const challenge = await findMfaChallenge(ctx.db, challengeId);
  if (
    !challenge ||
    challenge.used_at !== null ||
    challenge.failures >= MFA_CHALLENGE_MAX_FAILURES ||
    meta.at >= fromTimestamp(challenge.expires_at)
  ) {
    throw expired();
  }
  const userId = challenge.user_id;
  await assertNotThrottled(ctx.db, MFA_RULE, userId, meta);
  const user = await findUserById(ctx.db, userId);
  if (!user || !fromFlag(user.active) || !user.mfa_secret) throw expired();
  const at = toTimestamp(meta.at);
  try {
    return await startSession(ctx, meta, user, async (trx) => {
      if (!(await useMfaChallenge(trx, challengeId, at, MFA_CHALLENGE_MAX_FAILURES))) {
        throw new ChallengeGone();
      }
      if (!(await consumeSecondFactor(ctx, trx, user, input.code, meta.at))) {
        throw new SecondFactorRefused();
      }
      await recordAttempt(trx, 'mfa', userId, meta, true);
    });
  } catch (error) {
    if (error instanceof ChallengeGone) throw expired();
    if (!(error instanceof SecondFactorRefused)) throw error;
    await recordCodeFailure(ctx, meta, user, (trx) => addMfaChallengeFailure(trx, challengeId));
    throw new HttpError(401, ACCOUNT_MESSAGES.mfaCodeWrong);
  }
}

/**
 * Removes a user's second factor (an administrator's reset, modules/admin-users), mailing them
 * when there was one.
 */
export async function resetSecondFactor(
  ctx: AppContext,
  trx: Kysely<Database>,
  meta: RequestMeta,
  user: User,
): Promise<boolean> {
  const reset = await clearMfa(trx, user.id, toTimestamp(meta.at));
  if (reset) await mailOwner(ctx, trx, meta, user, 'mfaReset');
  return reset;
}
