/**
 * Mails that tell a user about their own account's security (issue 31, ADR 042), written to the
 * durable outbox (ADR 023) in the transaction of the event: a second factor turned on (with its
 * new recovery codes), off or reset, and code entry or unlocking paused after too many wrong
 * tries. They carry no code, secret or address.
 */
import { SECURITY_MAIL_TEXT } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { enqueueMail } from '../mail-outbox/mail-outbox.service.js';

export type SecurityMail = keyof typeof SECURITY_MAIL_TEXT;

/**
 * Queues `mail` to the user. `once` names the occurrence when several requests may report the
 * same one (a pause, reached by concurrent failures): one mail per (mail, user, once); without it
 * every call is a mail of its own.
 */
export async function mailOwner(
  ctx: AppContext,
  trx: Kysely<Database>,
  meta: RequestMeta,
  user: { id: string; email: string; name: string },
  mail: SecurityMail,
  once: string = newRowId(),
): Promise<void> {
  const text = SECURITY_MAIL_TEXT[mail];
  await enqueueMail(trx, meta.at, [
    {
      event: `security.${mail}:${user.id}:${once}`,
      recipient: user.email,
      subject: text.subject,
      text: text.body(user.name, ctx.config.publicUrl),
    },
  ]);
}

/** The `once` of a pause: the throttle window the pause began in. */
export function pauseOccurrence(at: Date, windowMinutes: number): string {
  return String(Math.floor(at.getTime() / (windowMinutes * 60_000)));
}
