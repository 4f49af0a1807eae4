/**
 * The CoreQ panel's figures and the measure exports (DESIGN §9 "CoreQ", issue 34 items 3–4,
 * ADR 054): which facilities (as every results call: each named one must be the user's, none
 * named is every facility the user holds), which instrument and periods, then the rules of
 * coreq.ts over the surveys coreq.repository.ts reads.
 */
import {
  COREQ_MAX_PERIODS,
  COREQ_MESSAGES,
  instrument as instrumentOf,
  RESPONDENTS,
  type CoreqPeriod,
  type CoreqPeriodFigures,
  type CoreqQuery,
  type CoreqResponse,
  type DischargeDestination,
  type InstrumentId,
  type Respondent,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/http-error.js';
import type { SessionUser } from '../auth/auth.service.js';
import { addMonths, coreqFigures, coreqPeriods, type CoreqSurveyRow } from './coreq.js';
import {
  adoptedInstruments,
  coreqSurveys,
  REFUSED_REASON,
  type CoreqSurveyRead,
} from './coreq.repository.js';
import { facilityNames } from './results.repository.js';
import { resolveFilter } from './results.service.js';

/** A survey given, as the rules read it, with what the per-respondent export also shows. */
export interface CoreqSurvey extends CoreqSurveyRow {
  client_id: string;
}

/** What a request covers, once resolved. */
export interface CoreqPlan {
  instrument: InstrumentId;
  period: CoreqPeriod;
  periods: { from: string; to: string }[];
  facilities: { id: string; name: string }[];
  surveys: CoreqSurvey[];
}

/** The score of each option key of the instrument's items (all items share the CoreQ scale). */
function scoreOfOption(id: InstrumentId): Map<string, number> {
  const scores = new Map<string, number>();
  for (const question of instrumentOf(id).questions) {
    for (const option of question.options ?? []) {
      if (typeof option.score === 'number') scores.set(option.key, option.score);
    }
  }
  return scores;
}

function toRow(read: CoreqSurveyRead, scores: Map<string, number>): CoreqSurvey {
  const items: Record<string, number | null> = {};
  for (const [key, option] of read.answers) {
    items[key] = option === null ? null : (scores.get(option) ?? null);
  }
  return {
    survey_id: read.id,
    facility_id: read.facility_id,
    client_id: read.client_id,
    given_on: read.due_date,
    responded: read.status === 'completed',
    answered_on:
      read.status === 'completed' && read.submitted_at !== null
        ? read.submitted_at.slice(0, 10)
        : null,
    respondent: (RESPONDENTS as readonly string[]).includes(read.respondent ?? '')
      ? (read.respondent as Respondent)
      : null,
    items,
    admitted_on: read.admitted_on,
    discharged_on: read.discharged_on,
    discharge_destination: read.discharge_destination as DischargeDestination | null,
    guardian: read.guardian === true || read.guardian === 1,
    bims_score: read.bims_score,
  };
}

/** Resolves a request: facilities (403 for one not the user's), instrument, periods, surveys. */
export async function coreqPlan(
  ctx: AppContext,
  user: SessionUser,
  query: CoreqQuery,
  today: string,
): Promise<CoreqPlan> {
  const filter = await resolveFilter(ctx, user, { facility_id: query.facility_id });
  const period = query.period ?? 'month';
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? addMonths(`${to.slice(0, 7)}-01`, -11);
  if (from > to) throw badRequest(COREQ_MESSAGES.periodReversed);
  const periods = coreqPeriods(from, to, period);
  if (periods.length > COREQ_MAX_PERIODS) {
    throw badRequest(COREQ_MESSAGES.tooManyPeriods(COREQ_MAX_PERIODS));
  }
  const adopted =
    query.instrument === undefined ? await adoptedInstruments(ctx.db, filter.facilityIds) : [];
  const instrument: InstrumentId = query.instrument ?? adopted[0] ?? 'coreq-ss';
  const first = periods[0] as { from: string };
  const last = periods.at(-1) as { to: string };
  const [facilities, reads] = await Promise.all([
    facilityNames(ctx.db, filter.facilityIds),
    coreqSurveys(ctx.db, instrument, filter.facilityIds, first.from, last.to),
  ]);
  const scores = scoreOfOption(instrument);
  const surveys = reads
    // A not-completable survey was given only when the resident refused it.
    .filter((read) => read.status !== 'not_completable' || read.discharge_reason === REFUSED_REASON)
    .map((read) => toRow(read, scores));
  return { instrument, period, periods, facilities, surveys };
}

/** Each period's figures over the surveys (given in the period by due date). */
function figuresOver(plan: CoreqPlan, surveys: readonly CoreqSurveyRow[]): CoreqPeriodFigures[] {
  return plan.periods.map((period) =>
    coreqFigures(
      plan.instrument,
      period,
      surveys.filter((row) => row.given_on >= period.from && row.given_on <= period.to),
    ),
  );
}

/** The panel's figures: per facility and for all of them. */
export function coreqFiguresOf(plan: CoreqPlan): CoreqResponse {
  const byFacility = new Map<string, CoreqSurveyRow[]>();
  for (const row of plan.surveys) {
    const list = byFacility.get(row.facility_id) ?? [];
    list.push(row);
    byFacility.set(row.facility_id, list);
  }
  return {
    instrument: plan.instrument,
    period: plan.period,
    facilities: plan.facilities.map((facility) => ({
      facility_id: facility.id,
      facility_name: facility.name,
      periods: figuresOver(plan, byFacility.get(facility.id) ?? []),
    })),
    all: { periods: figuresOver(plan, plan.surveys) },
  };
}

export async function resultsCoreq(
  ctx: AppContext,
  user: SessionUser,
  query: CoreqQuery,
  now: Date,
): Promise<CoreqResponse> {
  return coreqFiguresOf(await coreqPlan(ctx, user, query, now.toISOString().slice(0, 10)));
}
