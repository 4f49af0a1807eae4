/**
 * Recognition mails (ADR 031): the mails of an approval and the weekly digest, written to the
 * durable outbox (ADR 023) in the transaction of their event, plain text; the opt-out link's
 * token and the public opt-out.
 *
 * The opt-out token of an employee is an HMAC of their id under the server secret: unguessable,
 * the same in every mail (no state to keep per mail), and stored only as its sha256 so that a
 * copy of the database does not hold working links.
 */
import { RECOGNITION_DIGEST_STALE_DAYS, RECOGNITION_TEXT } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { addDays, fromTimestamp } from '../../db/values.js';
import { hmacSha256, sha256 } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueMail, type OutboxMail } from '../mail-outbox/mail-outbox.service.js';
import {
  allFacilities,
  approvalMailRow,
  approvedBetween,
  facilityManagers,
  hasMailsOf,
  stalePending,
  withdrawUnsentMails,
} from './recognition-mail.repository.js';
import { digestWeek, undoDeadline } from './recognition-rules.js';

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

/** The outbox event of an approval: one mail per recipient and approved review. */
export function approvalMailEvent(reviewId: string): string {
  return `recognition:approved:${reviewId}`;
}

/** The outbox event of a facility's weekly digest: one mail per manager and week. */
export function digestMailEvent(facilityId: string, weekFrom: string): string {
  return `recognition:digest:${facilityId}:${weekFrom}`;
}

const mailText = RECOGNITION_TEXT.mail;

function quoted(words: string): string {
  return words
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * Queues the mails of an approval, in its transaction: the employee (with an email, not opted
 * out; with the opt-out link) and the facility's managers but the one who approved, each with
 * the resident's words as published — never the resident's name. They are held until the undo
 * window has passed, so an approval taken back mails no one. Audited as queued, with the number
 * of recipients and when the mails go out (`audit: false` when the mails are only rewritten after an edit).
 */
export async function queueApprovalMails(
  db: Kysely<Database>,
  ctx: Pick<AppContext, 'config'>,
  meta: RequestMeta,
  reviewId: string,
  { audit = true }: { audit?: boolean } = {},
): Promise<number> {
  const row = await approvalMailRow(db, reviewId);
  if (!row || row.status !== 'approved' || row.reviewed_at === null) return 0;
  const words = quoted(row.published_text ?? row.comment);
  const event = approvalMailEvent(row.id);
  const mails: OutboxMail[] = [];
  const employeeMailed = row.employee_email !== null && Number(row.opted_out) !== 1;
  if (employeeMailed && row.employee_email !== null) {
    const token = await ensureOptOutToken(db, ctx.config.sessionSecret, row.employee_id);
    mails.push({
      event,
      recipient: row.employee_email.toLowerCase(),
      subject: mailText.approvedSubject(row.facility_name),
      text: [
        mailText.approvedIntro(row.employee_name),
        '',
        words,
        '',
        mailText.thanks,
        row.facility_name,
        mailText.signature,
        '',
        mailText.optOut(optOutLink(ctx.config.publicUrl.replace(/\/$/, ''), token)),
      ].join('\n'),
    });
  }
  for (const manager of await facilityManagers(db, row.facility_id)) {
    if (manager.id === row.reviewed_by) continue;
    mails.push({
      event,
      recipient: manager.email.toLowerCase(),
      subject: mailText.managerSubject(row.employee_name),
      text: [
        mailText.managerIntro(row.employee_name, row.department),
        '',
        words,
        '',
        row.facility_name,
        mailText.signature,
      ].join('\n'),
    });
  }
  const unique = [...new Map(mails.map((mail) => [mail.recipient, mail])).values()];
  const sendsAfter = fromTimestamp(undoDeadline(row.reviewed_at));
  await enqueueMail(db, sendsAfter, unique);
  if (audit && unique.length > 0) {
    await recordAudit(db, meta, {
      action: 'acknowledgement.notified',
      targetType: 'acknowledgement',
      targetId: row.id,
      facilityId: row.facility_id,
      detail: {
        recipients: unique.length,
        employee_mailed: employeeMailed,
        sends_after: sendsAfter.toISOString(),
      },
    });
  }
  return unique.length;
}

/** Withdraws the not-yet-sent mails of an approval (undone); returns how many. */
export async function cancelApprovalMails(db: Kysely<Database>, reviewId: string): Promise<number> {
  return withdrawUnsentMails(db, approvalMailEvent(reviewId));
}

/** After an edit: the mails not sent yet say the published text. */
export async function rewriteApprovalMails(
  db: Kysely<Database>,
  ctx: Pick<AppContext, 'config'>,
  meta: RequestMeta,
  reviewId: string,
): Promise<void> {
  if ((await cancelApprovalMails(db, reviewId)) > 0) {
    await queueApprovalMails(db, ctx, meta, reviewId, { audit: false });
  }
}

/**
 * Queues the weekly digest of every facility for the last full week (see digestWeek), once per
 * facility and week: running it again (every hour, on several instances) adds nothing. Each
 * manager of the facility gets the reviews pending for more than RECOGNITION_DIGEST_STALE_DAYS
 * and the week's approved recognition (employee and words, no resident). Returns the number of
 * facilities whose digest was queued now.
 */
export async function queueWeeklyDigests(
  db: Kysely<Database>,
  config: Pick<AppContext['config'], 'publicUrl'>,
  now: Date,
): Promise<number> {
  const week = digestWeek(now);
  const link = `${config.publicUrl.replace(/\/$/, '')}/`;
  let queued = 0;
  for (const facility of await allFacilities(db)) {
    const event = digestMailEvent(facility.id, week.from);
    if (await hasMailsOf(db, event)) continue;
    const managers = await facilityManagers(db, facility.id);
    if (managers.length === 0) continue;
    const stale = await stalePending(db, facility.id, week.staleBefore);
    const approved = await approvedBetween(
      db,
      facility.id,
      `${week.from}T00:00:00.000Z`,
      `${week.to}T00:00:00.000Z`,
    );
    const text = [
      mailText.digestIntro(facility.name, week.from, addDays(week.to, -1)),
      '',
      mailText.digestPending(stale.length, RECOGNITION_DIGEST_STALE_DAYS),
      ...stale.map((row) =>
        mailText.digestPendingLine(row.employee_name, row.created_at.slice(0, 10)),
      ),
      '',
      mailText.digestApproved(approved.length),
      ...approved.map((row) => mailText.digestApprovedLine(row.employee_name, row.text)),
      '',
      mailText.digestLink(link),
      mailText.signature,
    ].join('\n');
    await db.transaction().execute(async (trx) => {
      await enqueueMail(
        trx,
        now,
        managers.map((manager) => ({
          event,
          recipient: manager.email.toLowerCase(),
          subject: mailText.digestSubject(facility.name),
          text,
        })),
      );
      await recordAudit(
        trx,
        { at: now, ip: '', userAgent: null, userId: null },
        {
          action: 'acknowledgement.digest_sent',
          actorUserId: null,
          targetType: 'facility',
          targetId: facility.id,
          facilityId: facility.id,
          detail: {
            week: week.from,
            recipients: managers.length,
            pending_over_limit: stale.length,
            approved: approved.length,
          },
        },
      );
    });
    queued += 1;
  }
  return queued;
}

/** How often the server looks whether a weekly digest is due. */
export const DIGEST_CHECK_MS = 60 * 60_000;

/** Starts the hourly digest check (main.ts); returns the function that stops it. */
export function startDigestSchedule(
  db: Kysely<Database>,
  config: Pick<AppContext['config'], 'publicUrl'>,
  log: { warn(obj: object, msg: string): void },
  now: () => Date = () => new Date(),
): () => void {
  const run = () =>
    void queueWeeklyDigests(db, config, now()).catch((error: unknown) =>
      log.warn({ err: error }, 'recognition digest check failed'),
    );
  run();
  const timer = setInterval(run, DIGEST_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
