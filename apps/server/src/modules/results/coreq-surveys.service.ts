/**
 * `GET results/coreq/surveys/` (ADR 066): the surveys behind one count of the CoreQ panel, from
 * the same maintained rows the panel sums (ADR 061), so a list holds exactly the surveys its
 * count counted. The access rules are the panel's: each named facility must be the user's (403
 * otherwise), none named is every facility the user holds.
 */
import {
  RESPONDENTS,
  RESULTS_PAGE_SIZE,
  type CoreqExclusion,
  type CoreqSurveyItem,
  type CoreqSurveysQuery,
  type CoreqSurveysResponse,
  type Respondent,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { decodeCursor, pageFrom } from '../../lib/cursor.js';
import type { SessionUser } from '../auth/auth.service.js';
import { coreqSurveyList, type CoreqSurveyListRow } from './coreq-surveys.repository.js';
import { refreshCoreqRows } from './coreq.service.js';
import { resolveFilter } from './results.service.js';

function surveyItem(row: CoreqSurveyListRow): CoreqSurveyItem {
  return {
    survey_id: row.survey_id,
    facility_id: row.facility_id,
    facility_name: row.facility_name,
    resident_name: `${row.first_name} ${row.last_name}`,
    due_date: row.due_date,
    status: row.status,
    respondent: (RESPONDENTS as readonly string[]).includes(row.respondent ?? '')
      ? (row.respondent as Respondent)
      : null,
    responded: Number(row.responded) === 1,
    valid: Number(row.valid) === 1,
    satisfied: Number(row.satisfied) === 1,
    exclusion: row.exclusion as CoreqExclusion | null,
    items: [row.item_1, row.item_2, row.item_3, row.item_4].map((score) =>
      score === null ? null : Number(score),
    ),
  };
}

export async function resultsCoreqSurveys(
  ctx: AppContext,
  user: SessionUser,
  query: CoreqSurveysQuery,
): Promise<CoreqSurveysResponse> {
  const after = decodeCursor(query.cursor, 2);
  const filter = await resolveFilter(ctx, user, { facility_id: query.facility_id });
  await refreshCoreqRows(ctx);
  const rows = await coreqSurveyList(ctx.db, {
    instrument: query.instrument,
    facilityIds: filter.facilityIds,
    from: query.from,
    to: query.to,
    count: query.count,
    ...(query.reason === undefined ? {} : { reason: query.reason }),
    ...(after === undefined ? {} : { after }),
    limit: RESULTS_PAGE_SIZE + 1,
  });
  return pageFrom(
    rows.map(surveyItem),
    (item) => [item.due_date, item.survey_id],
    RESULTS_PAGE_SIZE,
  );
}
