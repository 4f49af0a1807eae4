/**
 * Invitations (DESIGN §8): a random 32-byte token, base64url, mailed as a link whose fragment
 * carries it (`PUBLIC_URL/accept-invitation#token=…`: a browser never sends a fragment to a
 * server, so it reaches no access log). Only an HMAC of the token under SESSION_SECRET is stored;
 * the mail goes through the durable outbox, its body sealed until sent and erased then (ADR 044).
 * A token works once, within INVITATION_TTL_HOURS, while it is the user's latest invitation and
 * not revoked. Accepting it sets the password (argon2id) and activates the account.
 *
 * No throttle: unlike the reset code's 6 digits, a 256-bit token cannot be guessed, and a wrong
 * one costs one indexed read (no password hashing), so refusing it writes nothing.
 */
import {
  ADMIN_TEXT,
  INVITATION_TTL_HOURS,
  invitationLink,
  MAIL_TEXT,
  type AcceptInvitationRequest,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { fromTimestamp, timestampPlus, toTimestamp } from '../../db/values.js';
import { hashPassword, hmacSha256, newRowId, randomToken } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueSealedMail } from '../mail-outbox/mail-outbox.service.js';
import { findUserWithGrants, updateUserAtVersion } from './admin-users.repository.js';
import {
  consumeInvitation,
  findInvitationByTokenHash,
  insertInvitation,
} from './invitations.repository.js';

const text = ADMIN_TEXT.users;

/** A new invitation: its token went into the sealed mail only. */
export interface IssuedInvitation {
  /** The outbox row of its mail, tried once the transaction committed (`sendInvitationMail`). */
  outboxId: string;
}

/** Who is invited, and by whom (the mail's greeting and signature). */
export interface InvitationMailTo {
  to: { email: string; name: string };
  invitedBy: string;
}

function tokenHash(ctx: AppContext, token: string): string {
  return hmacSha256(ctx.config.sessionSecret, `invitation:${token}`);
}

/** Stores a new invitation of the user and its sealed mail, in the caller's transaction. */
export async function issueInvitation(
  ctx: AppContext,
  db: Kysely<Database>,
  meta: RequestMeta,
  userId: string,
  mail: InvitationMailTo,
): Promise<IssuedInvitation> {
  const token = randomToken();
  const id = newRowId(meta.at.getTime());
  await insertInvitation(db, {
    id,
    user_id: userId,
    token_hash: tokenHash(ctx, token),
    created_by: meta.userId,
    created_at: toTimestamp(meta.at),
    expires_at: timestampPlus(meta.at, INVITATION_TTL_HOURS * 60),
    used_at: null,
    revoked_at: null,
  });
  const outboxId = await enqueueSealedMail(db, meta.at, ctx.config.sessionSecret, {
    event: `invitation:${id}`,
    recipient: mail.to.email,
    subject: MAIL_TEXT.invitation.subject,
    text: MAIL_TEXT.invitation.body(
      mail.to.name,
      mail.invitedBy,
      invitationLink(ctx.config.publicUrl, token),
      ctx.config.publicUrl,
    ),
  });
  return { outboxId };
}

/**
 * Tries the invitation's mail at once, after the transaction that stored it committed; if the
 * mail server does not take it, the outbox retries it (ADR 044).
 */
export function sendInvitationMail(ctx: AppContext, invitation: IssuedInvitation): void {
  void ctx.outbox.sendNow([invitation.outboxId]);
}

/**
 * Sets the password of the invited user and activates the account; 400 for a token that is
 * unknown, used, revoked or replaced, or expired. Nothing is written on a refusal.
 */
export async function acceptInvitation(
  ctx: AppContext,
  meta: RequestMeta,
  input: AcceptInvitationRequest,
): Promise<string> {
  const invitation = await findInvitationByTokenHash(ctx.db, tokenHash(ctx, input.token));
  if (!invitation || invitation.used_at !== null || invitation.revoked_at !== null) {
    throw badRequest(text.invitationInvalid);
  }
  if (meta.at >= fromTimestamp(invitation.expires_at)) throw badRequest(text.invitationExpired);

  const passwordHash = await hashPassword(input.password);
  const at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    const found = await findUserWithGrants(trx, invitation.user_id);
    if (!found || !(await consumeInvitation(trx, invitation.id, at))) {
      throw badRequest(text.invitationInvalid);
    }
    const written = await updateUserAtVersion(
      trx,
      found.user.id,
      found.user.version,
      { password_hash: passwordHash, active: 1 },
      at,
    );
    // The user changed meanwhile (e.g. was deactivated, which revokes the invitation): refuse.
    if (!written) throw badRequest(text.invitationInvalid);
    await recordAudit(trx, meta, {
      action: 'user.invitation_accepted',
      actorUserId: found.user.id,
      targetType: 'user',
      targetId: found.user.id,
      ...(found.facilityIds.length === 1 ? { facilityId: found.facilityIds[0] as string } : {}),
    });
  });
  return text.invitationAccepted;
}
