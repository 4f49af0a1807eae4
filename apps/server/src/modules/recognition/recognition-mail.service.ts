/**
 * Recognition mails (ADR 031): the opt-out link's token and the public opt-out. The mails of an
 * approval and the weekly digest go through the durable outbox (ADR 023) once it is merged.
 *
 * The opt-out token of an employee is an HMAC of their id under the server secret: unguessable,
 * the same in every mail (no state to keep per mail), and stored only as its sha256 so that a
 * copy of the database does not hold working links.
 */
import { RECOGNITION_TEXT } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { hmacSha256, sha256 } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';

/** The web page the opt-out link opens; the token travels in the fragment (never in a log). */
export const OPT_OUT_PATH = '/recognition-opt-out';

export function optOutToken(secret: string, employeeId: string): string {
  return hmacSha256(secret, `recognition-opt-out:${employeeId}`);
}

export function optOutLink(publicUrl: string, token: string): string {
  return `${publicUrl}${OPT_OUT_PATH}#token=${token}`;
}

/** Makes the employee's opt-out link work (stores its hash) and returns its token. */
export async function ensureOptOutToken(
  db: Kysely<Database>,
  secret: string,
  employeeId: string,
): Promise<string> {
  const token = optOutToken(secret, employeeId);
  await db
    .updateTable('employees')
    .set({ recognition_mail_token: sha256(token) })
    .where('id', '=', employeeId)
    .where((eb) =>
      eb.or([
        eb('recognition_mail_token', 'is', null),
        eb('recognition_mail_token', '!=', sha256(token)),
      ]),
    )
    .execute();
  return token;
}

/**
 * POST recognition/opt-out/ (public): the employee of the token receives no more recognition
 * mails. Nothing else changes; doing it again answers the same. An unknown token is 400.
 */
export async function optOut(ctx: AppContext, meta: RequestMeta, token: string): Promise<string> {
  await ctx.db.transaction().execute(async (trx) => {
    const employee = await trx
      .selectFrom('employees')
      .select(['id', 'facility_id', 'recognition_mail_opt_out'])
      .where('recognition_mail_token', '=', sha256(token))
      .executeTakeFirst();
    if (!employee) throw badRequest(RECOGNITION_TEXT.errors.optOutInvalid);
    if (Number(employee.recognition_mail_opt_out) === 1) return;
    await trx
      .updateTable('employees')
      .set({ recognition_mail_opt_out: 1 })
      .where('id', '=', employee.id)
      .execute();
    await recordAudit(trx, meta, {
      action: 'employee.recognition_opted_out',
      actorUserId: null,
      targetType: 'employee',
      targetId: employee.id,
      facilityId: employee.facility_id,
    });
  });
  return RECOGNITION_TEXT.optedOut;
}

/** Withdraws the not-yet-sent mails of an approval that was undone. */
export async function cancelApprovalMails(_db: Kysely<Database>, _reviewId: string): Promise<void> {
  // The outbox is not merged yet (ADR 031).
}

/** Queues the mails of an approval (the employee and the department's managers). */
export async function queueApprovalMails(
  _db: Kysely<Database>,
  _ctx: AppContext,
  _meta: RequestMeta,
  _reviewId: string,
): Promise<void> {
  // The outbox is not merged yet (ADR 031).
}
