/**
 * Recognition (DESIGN §8, issue 18, ADR 030): the review list with tabs and filters, undo within
 * RECOGNITION_UNDO_MINUTES, the text published for an approved review, and the roll-ups. The
 * guard has checked the session, `Incentive_Acknowledgement` and a `facility_id` of the query;
 * a call on one review is checked here against the review's facility (403 when it is not one of
 * the user's). Audit details never carry a review's text or a resident's name.
 */
import {
  RECOGNITION_PAGE_SIZE,
  RECOGNITION_TEXT,
  MESSAGES,
  type RecognitionEditRequest,
  type RecognitionReview,
  type RecognitionReviewPage,
  type RecognitionReviewsQuery,
  type RecognitionSummary,
  type RecognitionSummaryQuery,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { addDays, fromTimestamp, localToday } from '../../db/values.js';
import { decodeCursor, pageFrom } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest, HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import { startOfDayIn } from '../../lib/time-zone.js';
import { requireFacility } from '../access/access.service.js';
import { facilityToday } from '../admin-residents/census-schedule.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import { cancelApprovalMails, rewriteApprovalMails } from './recognition-mail.service.js';
import { undoDeadline } from './recognition-rules.js';
import {
  approvedInPeriod,
  facilityOf,
  filterOptions,
  findReview,
  listReviews,
  setPublishedText,
  undoDecision,
  type ReviewRow,
} from './recognition.repository.js';

const errors = RECOGNITION_TEXT.errors;

function patientName(row: ReviewRow): string | null {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

export function toReview(row: ReviewRow, now: Date): RecognitionReview {
  const deadline = row.reviewed_at === null ? null : undoDeadline(row.reviewed_at);
  return {
    id: row.id,
    employee_id: row.employee_id,
    employee_name: row.employee_name,
    department: row.department,
    position: row.position,
    patient_name: patientName(row),
    survey_date: row.submitted_at ? localToday(fromTimestamp(row.submitted_at)) : null,
    review: row.comment,
    published_text: row.published_text,
    status: row.status,
    decided_by: row.status === 'pending' ? null : row.decided_by,
    decided_at: row.reviewed_at,
    reason: row.deny_reason,
    undo_until: deadline !== null && fromTimestamp(deadline) > now ? deadline : null,
    version: Number(row.version),
  };
}

/** The period's bounds as timestamps: `from` and `to` are inclusive facility-local days. */
function periodBounds(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { fromAt?: string; before?: string } {
  if (from !== undefined && to !== undefined && from > to)
    throw badRequest(errors.dateRangeReversed);
  return {
    fromAt: from === undefined ? undefined : startOfDayIn(from, timeZone).toISOString(),
    before: to === undefined ? undefined : startOfDayIn(addDays(to, 1), timeZone).toISOString(),
  };
}

async function facilityOrThrow(db: Kysely<Database>, facilityId: string) {
  const facility = await facilityOf(db, facilityId);
  // The guard let the facility through, so it exists; a race with its removal is a 404.
  if (!facility) throw notFound();
  return facility;
}

function cursorKey(cursor: string | undefined): readonly [string, string] | undefined {
  const key = decodeCursor(cursor, 2);
  if (key === undefined) return undefined;
  const [sortKey, id] = key;
  if (typeof sortKey !== 'string' || typeof id !== 'string') {
    throw badRequest(MESSAGES.invalidCursor);
  }
  return [sortKey, id];
}

/** GET recognition/reviews/: one page of a tab, with the filters' choices. */
export async function listRecognitionReviews(
  ctx: AppContext,
  query: RecognitionReviewsQuery,
): Promise<RecognitionReviewPage> {
  const facility = await facilityOrThrow(ctx.db, query.facility_id);
  const status = query.status ?? 'pending';
  const rows = await listReviews(ctx.db, {
    facilityId: query.facility_id,
    status,
    ...periodBounds(query.from, query.to, facility.time_zone),
    department: query.department || undefined,
    position: query.position || undefined,
    employeeId: query.employee_id,
    after: cursorKey(query.cursor),
    limit: RECOGNITION_PAGE_SIZE + 1,
  });
  const now = ctx.now();
  const page = pageFrom(
    rows,
    (row) => [(status === 'pending' ? row.created_at : row.reviewed_at) ?? '', row.id],
    RECOGNITION_PAGE_SIZE,
  );
  return {
    items: page.items.map((row) => toReview(row, now)),
    next_cursor: page.next_cursor,
    ...(await filterOptions(ctx.db, query.facility_id)),
  };
}

/** A review the user may act on: 404 unknown, 403 of a facility not theirs. */
async function reviewForUser(
  db: Kysely<Database>,
  user: SessionUser,
  reviewId: string,
): Promise<ReviewRow> {
  const row = await findReview(db, reviewId);
  if (!row) throw notFound(MESSAGES.reviewNotFound);
  await requireFacility(db, user, row.facility_id);
  return row;
}

/**
 * POST recognition/reviews/{id}/undo/: the decision is taken back within
 * RECOGNITION_UNDO_MINUTES (the review is pending again; an approval's mails not yet sent are
 * withdrawn); after that it is final (409). A review that is pending is 409 too.
 */
export async function undoReview(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  reviewId: string,
): Promise<string> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await reviewForUser(trx, user, reviewId);
    if (row.status === 'pending' || row.reviewed_at === null) {
      throw new HttpError(409, errors.notDecided);
    }
    if (fromTimestamp(undoDeadline(row.reviewed_at)) <= meta.at) {
      throw new HttpError(409, errors.undoExpired);
    }
    const undone = await undoDecision(trx, row.id, {
      status: row.status,
      version: Number(row.version),
    });
    if (!undone) throw new HttpError(409, MESSAGES.reviewAlreadyDecided);
    const withdrawn = row.status === 'approved' ? await cancelApprovalMails(trx, row.id) : 0;
    await recordAudit(trx, meta, {
      action: 'acknowledgement.undone',
      targetType: 'acknowledgement',
      targetId: row.id,
      facilityId: row.facility_id,
      detail: {
        undone: row.status,
        employee_id: row.employee_id,
        ...(withdrawn > 0 ? { mails_withdrawn: withdrawn } : {}),
      },
    });
  });
  return RECOGNITION_TEXT.undone;
}

/**
 * PATCH recognition/reviews/{id}/: the text published for an approved review (the resident's
 * words stay as they were). 409 for a review that is not approved, or at another version.
 */
export async function editPublishedText(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  reviewId: string,
  input: RecognitionEditRequest,
): Promise<RecognitionReview> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await reviewForUser(trx, user, reviewId);
    if (Number(row.version) !== input.version) throw versionConflict();
    if (row.status !== 'approved') throw new HttpError(409, errors.notApproved);
    const saved = await setPublishedText(trx, row.id, input.version, input.published_text);
    if (!saved) throw versionConflict();
    await recordAudit(trx, meta, {
      action: 'acknowledgement.edited',
      targetType: 'acknowledgement',
      targetId: row.id,
      facilityId: row.facility_id,
      detail: { employee_id: row.employee_id, version: input.version + 1 },
    });
    // Mails of the approval not sent yet (the undo window) say the edited text.
    await rewriteApprovalMails(trx, ctx, meta, row.id);
    const updated = await findReview(trx, row.id);
    if (!updated) throw notFound(MESSAGES.reviewNotFound);
    return toReview(updated, meta.at);
  });
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** GET recognition/summary/: the facility's approved acknowledgements in the period. */
export async function recognitionSummary(
  ctx: AppContext,
  query: RecognitionSummaryQuery,
): Promise<RecognitionSummary> {
  const facility = await facilityOrThrow(ctx.db, query.facility_id);
  const bounds = periodBounds(query.from, query.to, facility.time_zone);
  const rows = await approvedInPeriod(ctx.db, query.facility_id, bounds.fromAt, bounds.before);

  const employees = new Map<string, RecognitionSummary['by_employee'][number]>();
  const departments = new Map<string, number>();
  const months = new Map<string, number>();
  for (const row of rows) {
    const employee = employees.get(row.employee_id) ?? {
      employee_id: row.employee_id,
      name: row.name,
      department: row.department,
      position: row.position,
      approved: 0,
    };
    employee.approved += 1;
    employees.set(row.employee_id, employee);
    departments.set(row.department, (departments.get(row.department) ?? 0) + 1);
    const month = facilityToday(fromTimestamp(row.created_at), facility.time_zone).slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + 1);
  }
  return {
    facility_id: query.facility_id,
    facility_name: facility.name,
    from: query.from ?? null,
    to: query.to ?? null,
    total_approved: rows.length,
    by_employee: [...employees.values()].sort(
      (a, b) => b.approved - a.approved || byName.compare(a.name, b.name),
    ),
    by_department: [...departments.entries()]
      .map(([department, approved]) => ({ department, approved }))
      .sort((a, b) => b.approved - a.approved || byName.compare(a.department, b.department)),
    by_month: [...months.entries()]
      .map(([month, approved]) => ({ month, approved }))
      .sort((a, b) => a.month.localeCompare(b.month)),
  };
}
