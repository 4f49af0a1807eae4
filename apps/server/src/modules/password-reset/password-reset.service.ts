/**
 * Password reset with a one-time code (DESIGN §3/§4). The request answers the same whether or not
 * the address has an account: an opaque reset-request id. A code is 6 random digits, stored as an
 * HMAC under SESSION_SECRET, valid 10 minutes, single use, and dead after 5 wrong tries. Success
 * sets the new password (argon2id) and ends every session of the user.
 */
import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MAIL_TEXT,
  MESSAGES,
  OTP_LENGTH,
  RESET_CODE_TTL_MINUTES,
  type ResetConfirm,
} from '@carevoice/shared';
import { LOGIN_THROTTLE, RESET_CODE_MAX_ATTEMPTS, RESET_THROTTLE } from '../../constants.js';
import type { AppContext } from '../../context.js';
import type { RequestMeta } from '../../lib/http.js';
import { fromTimestamp, timestampPlus, toTimestamp } from '../../db/values.js';
import { hashPassword, hmacSha256, randomDigits, safeEqual } from '../../lib/crypto.js';
import { badRequest } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueSealedMail } from '../mail-outbox/mail-outbox.service.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import {
  assertNotThrottled,
  recordAttempt,
  type ThrottleRule,
} from '../throttle/throttle.service.js';
import { findUserById, updatePasswordHash } from '../users/users.repository.js';
import type { AfterResponseTask } from '../../plugins/after-response.js';
import {
  consumePasswordReset,
  findPasswordReset,
  incrementResetAttempts,
  insertResetForActiveUser,
  retireUserResets,
} from './password-reset.repository.js';

const REQUEST_RULE: ThrottleRule = {
  kind: 'reset_request',
  ...RESET_THROTTLE,
  failuresOnly: false,
  lockEveryAddress: true,
  knownDevicesApart: true,
  message: MESSAGES.tooManyResetAttempts,
  delayMessage: ACCOUNT_MESSAGES.attemptsDelayed,
};

const CONFIRM_RULE: ThrottleRule = {
  ...REQUEST_RULE,
  ...LOGIN_THROTTLE,
  kind: 'reset_confirm',
  failuresOnly: true,
  lockEveryAddress: false,
};

function codeHash(ctx: AppContext, resetId: string, code: string): string {
  return hmacSha256(ctx.config.sessionSecret, `password-reset:${resetId}:${code}`);
}

/** What a reset request answers now, and what it does after the answer is written. */
export interface ResetRequestOutcome {
  requestId: string;
  /** Mails the code through the outbox (sealed, ADR 044), if the address has an active account. */
  afterResponse: AfterResponseTask;
}

/**
 * Starts a reset. Whether or not the address has an active account, the request runs the same
 * statements (the reset row is inserted by a select that finds the account or nothing) and
 * answers with a new opaque id; the mail is looked up and queued only after the answer is
 * written, so neither the answer nor its timing tells whether the account exists (ADR 020).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
): Promise<ResetRequestOutcome> {
  await assertNotThrottled(ctx.db, REQUEST_RULE, email, meta);
  const requestId = crypto.randomUUID();
  const code = randomDigits(OTP_LENGTH);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const found = await insertResetForActiveUser(trx, {
      id: requestId,
      email,
      code_hash: codeHash(ctx, requestId, code),
      created_at: toTimestamp(meta.at),
      expires_at: timestampPlus(meta.at, RESET_CODE_TTL_MINUTES),
    });
    await recordAttempt(trx, 'reset_request', email, meta, found !== undefined);
    await recordAudit(trx, meta, {
      action: 'auth.reset_requested',
      actorUserId: null,
      ...(found === undefined ? {} : { targetType: 'user', targetId: found }),
      detail: { account_found: found !== undefined },
    });
    return found;
  });
  return {
    requestId,
    afterResponse: async (log) => {
      if (userId === undefined) return;
      const user = await findUserById(ctx.db, userId);
      if (!user) return;
      const outboxId = await enqueueSealedMail(ctx.db, meta.at, ctx.config.sessionSecret, {
        event: `password-reset:${requestId}`,
        recipient: user.email,
        subject: MAIL_TEXT.passwordReset.subject,
        text: MAIL_TEXT.passwordReset.body(user.name, code, ctx.config.publicUrl),
      });
      await ctx.outbox.sendNow([outboxId], log);
    },
  };
}

export async function confirmPasswordReset(
  ctx: AppContext,
  meta: RequestMeta,
  input: ResetConfirm,
): Promise<void> {
  await assertNotThrottled(ctx.db, CONFIRM_RULE, input.user_id, meta);
  const reset = await findPasswordReset(ctx.db, input.user_id);
  const usable =
    reset !== undefined &&
    reset.used_at === null &&
    meta.at < fromTimestamp(reset.expires_at) &&
    reset.attempts < RESET_CODE_MAX_ATTEMPTS;
  if (!usable || !safeEqual(codeHash(ctx, reset.id, input.otp), reset.code_hash)) {
    await ctx.db.transaction().execute(async (trx) => {
      if (usable) await incrementResetAttempts(trx, reset.id);
      await recordAttempt(trx, 'reset_confirm', input.user_id, meta, false);
    });
    throw badRequest(MESSAGES.invalidResetCode);
  }

  const passwordHash = await hashPassword(input.password);
  const at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await consumePasswordReset(trx, reset.id, at))) {
      throw badRequest(MESSAGES.invalidResetCode);
    }
    await updatePasswordHash(trx, reset.user_id, passwordHash, at);
    await retireUserResets(trx, reset.user_id, at);
    await revokeUserSessions(trx, reset.user_id, at);
    await recordAttempt(trx, 'reset_confirm', input.user_id, meta, true);
    await recordAudit(trx, meta, {
      action: 'auth.password_reset',
      actorUserId: reset.user_id,
      targetType: 'user',
      targetId: reset.user_id,
    });
  });
}
