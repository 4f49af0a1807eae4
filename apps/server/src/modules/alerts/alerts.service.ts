/**
 * Alerts that close the loop (DESIGN §8, issue 16, ADR 023).
 *
 * Raising: `raiseAlerts` runs inside the submission's transaction. An answer matches an alert
 * rule when it chose an option marked `alert` in the version it was given on, or when a Number
 * answer is below the question's `alert_below`. Each match is one `alerts` row (unique per
 * answer), and each recipient gets one outbox mail per submitted survey (unique event and
 * recipient), so a committed submission is mailed even if the process dies right after the
 * commit, and never twice. The mail names the facility and links to the inbox: no resident, no
 * answer.
 *
 * The inbox: open → acknowledged → resolved with a note; any other move is 409. Every move is
 * audited. An alert still open ALERT_OVERDUE_HOURS after it was raised is overdue.
 */
import {
  ALERT_MAIL_TEXT,
  ALERT_OVERDUE_HOURS,
  ALERTS_LIST_MAX,
  RESULTS_MESSAGES,
  type Alert,
  type AlertCountsResponse,
  type AlertListQuery,
  type AlertStatus,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { AlertsTable, Database, QuestionMeta } from '../../db/database.js';
import { answerRaisesAlert } from '../../db/questionnaire-rows.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { RequestMeta } from '../../lib/http.js';
import { listVisibleFacilities, viewerOf } from '../access/access.repository.js';
import { requireFacility } from '../access/access.service.js';
import { recordAudit, recordAudits } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import { enqueueMail } from '../mail-outbox/mail-outbox.service.js';
import {
  alertRecipients,
  countOpenAlerts,
  findAlertMail,
  findAlertRow,
  insertAlerts,
  listAlerts,
  setAlertMail,
  updateAlertStatus,
  type AlertRow,
} from './alerts.repository.js';

/** The path of the alerts inbox in the web app (linked from the mail). */
export const ALERTS_INBOX_PATH = '/results/alerts';

/** An answer as stored, with what its question says about alerts. */
export interface StoredAnswerForAlert {
  answerId: string;
  questionId: string;
  questionKey: string;
  type: string;
  answer: string | null;
  answerKey: string | null;
  meta: QuestionMeta;
}

/** Whether a stored answer matches its question's alert rule. */
export function matchesAlertRule(answer: StoredAnswerForAlert): boolean {
  return answerRaisesAlert(answer.type, answer.meta, answer.answer, answer.answerKey);
}

/** The outbox event of a survey's alerts: one mail per recipient and submitted survey. */
export function alertMailEvent(surveyId: string): string {
  return `alerts:survey:${surveyId}`;
}

/**
 * Raises the alerts of a submission, in its transaction: one row per matching answer, one
 * audit event per alert, one outbox mail per recipient. Returns how many were raised.
 */
export async function raiseAlerts(
  trx: Kysely<Database>,
  ctx: Pick<AppContext, 'config'>,
  meta: RequestMeta,
  survey: { id: string; facility_id: string },
  answers: readonly StoredAnswerForAlert[],
): Promise<number> {
  const matches = answers.filter(matchesAlertRule);
  if (matches.length === 0) return 0;
  const at = toTimestamp(meta.at);
  const rows: AlertsTable[] = matches.map((answer) => ({
    id: newRowId(),
    facility_id: survey.facility_id,
    survey_id: survey.id,
    answer_id: answer.answerId,
    question_id: answer.questionId,
    question_key: answer.questionKey,
    raised_at: at,
    status: 'open',
    acknowledged_by: null,
    acknowledged_at: null,
    resolved_by: null,
    resolved_at: null,
    note: null,
  }));
  await insertAlerts(trx, rows);
  await recordAudits(
    trx,
    meta,
    rows.map((row) => ({
      action: 'alert.raised',
      targetType: 'alert',
      targetId: row.id,
      facilityId: survey.facility_id,
      detail: { survey_id: survey.id, question_key: row.question_key },
    })),
  );
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}${ALERTS_INBOX_PATH}`;
  // Read only when a mail is written: most submissions raise nothing.
  const { facilityName, recipients } = await alertRecipients(trx, survey.facility_id);
  await enqueueMail(
    trx,
    meta.at,
    recipients.map((recipient) => ({
      event: alertMailEvent(survey.id),
      recipient: recipient.email,
      subject: ALERT_MAIL_TEXT.subject(facilityName),
      text: ALERT_MAIL_TEXT.body(facilityName, link),
    })),
  );
  return rows.length;
}

/** The facility named (403 unless the user's), or every facility the user may choose from. */
async function facilitiesOf(
  ctx: AppContext,
  user: SessionUser,
  facilityId: string | undefined,
): Promise<string[]> {
  if (facilityId !== undefined) {
    await requireFacility(ctx.db, user, facilityId);
    return [facilityId];
  }
  return (await listVisibleFacilities(ctx.db, viewerOf(user))).map((row) => row.id);
}

function overdueBefore(now: Date): string {
  return toTimestamp(new Date(now.getTime() - ALERT_OVERDUE_HOURS * 3_600_000));
}

function toAlert(row: AlertRow, now: Date): Alert {
  return {
    id: row.id,
    facility_id: row.facility_id,
    facility_name: row.facility_name,
    survey_id: row.survey_id,
    survey_type: row.survey_type,
    resident_name: `${row.first_name} ${row.last_name}`,
    question_key: row.question_key,
    question: row.question,
    answer: row.answer ?? '',
    raised_at: row.raised_at,
    status: row.status,
    overdue: row.status === 'open' && row.raised_at < overdueBefore(now),
    acknowledged_by: row.acknowledged_by,
    acknowledged_at: row.acknowledged_at,
    resolved_by: row.resolved_by,
    resolved_at: row.resolved_at,
    note: row.note,
  };
}

export async function alertList(
  ctx: AppContext,
  user: SessionUser,
  query: AlertListQuery,
): Promise<Alert[]> {
  const rows = await listAlerts(ctx.db, {
    facilityIds: await facilitiesOf(ctx, user, query.facility_id),
    status: query.status,
    limit: ALERTS_LIST_MAX,
  });
  const now = ctx.now();
  return rows.map((row) => toAlert(row, now));
}

/** The alert, when it exists (404) and its facility is the user's (403). */
async function alertForUser(ctx: AppContext, user: SessionUser, alertId: string) {
  const row = await findAlertRow(ctx.db, alertId);
  if (!row) throw notFound(RESULTS_MESSAGES.alertNotFound);
  await requireFacility(ctx.db, user, row.facility_id);
  return row;
}

function transitionConflict(status: AlertStatus): HttpError {
  return new HttpError(
    409,
    status === 'resolved'
      ? RESULTS_MESSAGES.alertAlreadyResolved
      : RESULTS_MESSAGES.alertAlreadyAcknowledged,
  );
}

async function moveAlert(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  alertId: string,
  to: 'acknowledged' | 'resolved',
  note?: string,
): Promise<Alert> {
  const row = await alertForUser(ctx, user, alertId);
  const at = toTimestamp(meta.at);
  const from: AlertStatus[] = to === 'acknowledged' ? ['open'] : ['open', 'acknowledged'];
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const set: Partial<AlertsTable> =
      to === 'acknowledged'
        ? { status: to, acknowledged_by: user.id, acknowledged_at: at }
        : {
            status: to,
            resolved_by: user.id,
            resolved_at: at,
            note: note ?? null,
            // Resolving an open alert acknowledges it too.
            ...(row.status === 'open' ? { acknowledged_by: user.id, acknowledged_at: at } : {}),
          };
    if (!(await updateAlertStatus(trx, alertId, from, set))) return false;
    await recordAudit(trx, meta, {
      action: to === 'acknowledged' ? 'alert.acknowledged' : 'alert.resolved',
      targetType: 'alert',
      targetId: alertId,
      facilityId: row.facility_id,
    });
    return true;
  });
  const current = (await findAlertRow(ctx.db, alertId)) as AlertRow;
  if (!moved) throw transitionConflict(current.status);
  return toAlert(current, ctx.now());
}

export function acknowledgeAlert(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  alertId: string,
): Promise<Alert> {
  return moveAlert(ctx, meta, user, alertId, 'acknowledged');
}

export function resolveAlert(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  alertId: string,
  note: string,
): Promise<Alert> {
  return moveAlert(ctx, meta, user, alertId, 'resolved', note);
}

export async function alertCounts(
  ctx: AppContext,
  user: SessionUser,
  facilityId: string | undefined,
): Promise<AlertCountsResponse> {
  return countOpenAlerts(
    ctx.db,
    await facilitiesOf(ctx, user, facilityId),
    overdueBefore(ctx.now()),
  );
}

export async function alertMailSetting(
  ctx: AppContext,
  user: SessionUser,
): Promise<{ alert_mail: boolean }> {
  return { alert_mail: (await findAlertMail(ctx.db, user.id)) === 1 };
}

export async function changeAlertMail(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  on: boolean,
): Promise<{ alert_mail: boolean }> {
  await ctx.db.transaction().execute(async (trx) => {
    await setAlertMail(trx, user.id, on);
    await recordAudit(trx, meta, {
      action: 'account.alert_mail_changed',
      targetType: 'user',
      targetId: user.id,
      detail: { alert_mail: on },
    });
  });
  return { alert_mail: on };
}
