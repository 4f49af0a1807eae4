/**
 * Manager review of employee acknowledgements (spec §2 "Acknowledgement list", §4; DESIGN §4).
 * The guard has already checked the session, `Incentive_Acknowledgement` (or
 * `all_permission_access`), the facility in the path and the body's `user_id`. A review named by
 * id is checked here against that facility: one filed in another facility is 403, even when the
 * user may see that other facility too, because the decision is made on this facility's list.
 */
import {
  ACKNOWLEDGEMENT_STATUS_OF,
  DENY_REASON_SUGGESTIONS,
  MESSAGES,
  type AcknowledgementListResponse,
  type ReviewDecisionRequest,
  type ReviewResult,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import type { RequestMeta } from '../../lib/http.js';
import { fromTimestamp, localToday, toTimestamp } from '../../db/values.js';
import { HttpError, forbidden, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { queueApprovalMails } from '../recognition/recognition-mail.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  decidePending,
  findAcknowledgement,
  listPending,
  type PendingRow,
} from './acknowledgements.repository.js';

const DETAIL_OF: Record<ReviewResult, string> = {
  Approved: MESSAGES.reviewApproved,
  Denied: MESSAGES.reviewDenied,
};

/** The audit's name of a denial reason: one of the common reasons, or `other`. */
function commonReason(reason: string): string {
  return (DENY_REASON_SUGGESTIONS as readonly string[]).includes(reason) ? reason : 'other';
}

/** Employee names in alphabetical order, ignoring case and accents, identically on both dialects. */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function patientName(row: PendingRow): string | null {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

/**
 * The facility's pending acknowledgements, one entry per employee (by name), each with its
 * reviews oldest first. `survey_date` is the calendar day (where the server runs, like every
 * other date of the app) the survey was submitted, or null when it is unknown.
 */
export async function pendingAcknowledgements(
  ctx: AppContext,
  facilityId: string,
): Promise<AcknowledgementListResponse> {
  const rows = await listPending(ctx.db, facilityId);
  const groups = new Map<string, AcknowledgementListResponse[number]>();
  for (const row of rows) {
    let group = groups.get(row.employee_id);
    if (!group) {
      group = { name: row.employee_name, reviews: [] };
      groups.set(row.employee_id, group);
    }
    group.reviews.push({
      id: row.id,
      patient_name: patientName(row),
      survey_date: row.submitted_at ? localToday(fromTimestamp(row.submitted_at)) : null,
      review: row.comment,
    });
  }
  return [...groups.values()].sort((a, b) => byName.compare(a.name, b.name));
}

/**
 * Approves or denies one pending acknowledgement of the facility: 404 for an unknown id, 403 for
 * one of another facility, 409 when it was already decided (also when a concurrent decision won
 * the race: the update only changes a row that is still pending). The decision, who made it and
 * when, and its audit row are one transaction. Returns the spec's success text.
 */
export async function decideReview(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  facilityId: string,
  input: ReviewDecisionRequest,
): Promise<string> {
  await ctx.db.transaction().execute(async (trx) => {
    const acknowledgement = await findAcknowledgement(trx, input.id);
    if (!acknowledgement) throw notFound(MESSAGES.reviewNotFound);
    if (acknowledgement.facility_id !== facilityId) throw forbidden(MESSAGES.reviewOtherFacility);
    const reason = input.result === 'Denied' ? (input.reason ?? null) : null;
    const decided = await decidePending(trx, acknowledgement.id, {
      status: ACKNOWLEDGEMENT_STATUS_OF[input.result],
      reviewedBy: user.id,
      reviewedAt: toTimestamp(meta.at),
      reason,
    });
    if (!decided) throw new HttpError(409, MESSAGES.reviewAlreadyDecided);
    await recordAudit(trx, meta, {
      action: 'acknowledgement.reviewed',
      targetType: 'acknowledgement',
      targetId: acknowledgement.id,
      facilityId,
      detail: {
        result: input.result,
        employee_id: acknowledgement.employee_id,
        // A common reason by name; a reason of the manager's own words is not copied here.
        ...(reason === null ? {} : { reason: commonReason(reason) }),
      },
    });
    if (input.result === 'Approved') {
      await queueApprovalMails(trx, ctx, meta, acknowledgement.id);
    }
  });
  return DETAIL_OF[input.result];
}
