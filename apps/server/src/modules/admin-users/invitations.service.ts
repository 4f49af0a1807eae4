/**
 * Invitations (DESIGN §8): a random 32-byte token, base64url, mailed as a link whose fragment
 * carries it (`PUBLIC_URL/accept-invitation#token=…`: a browser never sends a fragment to a
 * server, so it reaches no access log). Only an HMAC of the token under SESSION_SECRET is stored.
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
import type { Config } from '../../env.js';
import { hashPassword, hmacSha256, newRowId, randomToken } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest } from '../../lib/http-error.js';
import type { MailMessage } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserWithGrants, updateUserAtVersion } from './admin-users.repository.js';
import {
  consumeInvitation,
  findInvitationByTokenHash,
  insertInvitation,
} from './invitations.repository.js';

const text = ADMIN_TEXT.users;

/** A new invitation: its token goes into the mail only. */
export interface IssuedInvitation {
  token: string;
}

function tokenHash(ctx: AppContext, token: string): string {
  return hmacSha256(ctx.config.sessionSecret, `invitation:${token}`);
}

/** Stores a new invitation of the user (in the caller's transaction) and returns its token. */
export async function issueInvitation(
  ctx: AppContext,
  db: Kysely<Database>,
  meta: RequestMeta,
  userId: string,
): Promise<IssuedInvitation> {
  const token = randomToken();
  await insertInvitation(db, {
    id: newRowId(meta.at.getTime()),
    user_id: userId,
    token_hash: tokenHash(ctx, token),
    created_by: meta.userId,
    created_at: toTimestamp(meta.at),
    expires_at: timestampPlus(meta.at, INVITATION_TTL_HOURS * 60),
    used_at: null,
    revoked_at: null,
  });
  return { token };
}

export function invitationMail(
  config: Pick<Config, 'publicUrl'>,
  to: { email: string; name: string },
  invitedBy: string,
  token: string,
): MailMessage {
  return {
    to: to.email,
    subject: MAIL_TEXT.invitation.subject,
    text: MAIL_TEXT.invitation.body(
      to.name,
      invitedBy,
      invitationLink(config.publicUrl, token),
      config.publicUrl,
    ),
  };
}

/** Hands the mail to the mailer (after the transaction that stored the invitation committed). */
export function sendInvitationMail(
  ctx: AppContext,
  to: { email: string; name: string },
  invitedBy: string,
  invitation: IssuedInvitation,
): void {
  ctx.mailer.send(invitationMail(ctx.config, to, invitedBy, invitation.token));
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
