/**
 * The CoreQ panel's figures and the measure exports (DESIGN §9 "CoreQ", issue 34 items 3–4,
 * ADR 054): which facilities (as every results call: each named one must be the user's, none
 * named is every facility the user holds), which instrument and periods, then the rules of
 * coreq.ts over the surveys coreq.repository.ts reads.
 */
import {
  COREQ_MAX_PERIODS,
  COREQ_MESSAGES,
  INSTRUMENT_IDS,
  instrument as instrumentOf,
  RESPONDENTS,
  type CoreqExclusion,
  type CoreqPeriod,
  type CoreqPeriodFigures,
  type CoreqQuery,
  type CoreqResponse,
  type DischargeDestination,
  type InstrumentId,
  type Respondent,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { toDateString } from '../../db/values.js';
import { badRequest } from '../../lib/http-error.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  addMonths,
  addSums,
  coreqFigures,
  coreqPeriods,
  emptySums,
  evaluateResponse,
  figuresOfSums,
  type CoreqSums,
  type CoreqSurveyRow,
} from './coreq.js';
import {
  adoptedInstruments,
  coreqMonthSums,
  coreqSurveys,
  coreqSurveysByIds,
  REFUSED_REASON,
  staleCoreq,
  wasGiven,
  writeCoreqRows,
  type CoreqMonthSum,
  type CoreqResponseRow,
  type CoreqSurveyRead,
} from './coreq.repository.js';
import { facilityNames } from './results.repository.js';
import { resolveFilter } from './results.service.js';

/** The statuses of a survey whose answers count: submitted in full, or ended early (ADR 060). */
const ANSWERED_STATUSES: ReadonlySet<string> = new Set(['completed', 'partial']);

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
    // A break-off answered what it answered (ADR 060); its missing items count as missing.
    responded: ANSWERED_STATUSES.has(read.status),
    answered_on:
      ANSWERED_STATUSES.has(read.status) && read.submitted_at !== null
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

/** What a request covers: facilities (403 for one not the user's), instrument, periods. */
interface CoreqScope {
  instrument: InstrumentId;
  period: CoreqPeriod;
  periods: { from: string; to: string }[];
  facilityIds: readonly string[];
}

async function coreqScope(
  ctx: AppContext,
  user: SessionUser,
  query: CoreqQuery,
  today: string,
): Promise<CoreqScope> {
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
  return { instrument, period, periods, facilityIds: filter.facilityIds };
}

/** Whether a survey read was given (a not-completable one only when the resident refused it). */
const given = (read: CoreqSurveyRead) =>
  wasGiven(read.status) &&
  (read.status !== 'not_completable' || read.discharge_reason === REFUSED_REASON);

/** Resolves a request and reads its surveys from their rows (the exports, ADR 054). */
export async function coreqPlan(
  ctx: AppContext,
  user: SessionUser,
  query: CoreqQuery,
  today: string,
): Promise<CoreqPlan> {
  const { instrument, period, periods, facilityIds } = await coreqScope(ctx, user, query, today);
  const first = periods[0] as { from: string };
  const last = periods.at(-1) as { to: string };
  const [facilities, reads] = await Promise.all([
    facilityNames(ctx.db, facilityIds),
    coreqSurveys(ctx.db, instrument, facilityIds, first.from, last.to),
  ]);
  const scores = scoreOfOption(instrument);
  const surveys = reads.filter(given).map((read) => toRow(read, scores));
  return { instrument, period, periods, facilities, surveys };
}

/** Stale surveys worked out per statement batch. */
const REFRESH_BATCH = 1000;

/**
 * Works out the CoreQ row of every survey the triggers listed as stale (ADR 061): the rules of
 * coreq.ts over the survey as the exports read it; a survey not given, or of a version with no
 * instrument, has no row.
 */
export async function refreshCoreqRows(ctx: AppContext): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await staleCoreq(ctx.db, REFRESH_BATCH);
    if (stale.length === 0) return done;
    const reads = await coreqSurveysByIds(
      ctx.db,
      stale.map((entry) => entry.survey_id),
    );
    const rows: CoreqResponseRow[] = [];
    for (const read of reads) {
      const instrument = read.instrument as InstrumentId | null;
      if (instrument === null || !INSTRUMENT_IDS.includes(instrument) || !given(read)) continue;
      const row = toRow(read, scoresOf(instrument));
      const response = evaluateResponse(instrument, row);
      const [item1, item2, item3, item4] = response.scores;
      rows.push({
        survey_id: row.survey_id,
        facility_id: row.facility_id,
        instrument,
        due_date: row.given_on,
        due_month: row.given_on.slice(0, 7),
        responded: row.responded ? 1 : 0,
        exclusion: row.responded ? response.exclusion : null,
        valid: row.responded && response.valid ? 1 : 0,
        satisfied: row.responded && response.satisfied ? 1 : 0,
        item_1: item1 ?? null,
        item_2: item2 ?? null,
        item_3: item3 ?? null,
        item_4: item4 ?? null,
      });
    }
    await writeCoreqRows(ctx.db, stale, rows);
    done += stale.length;
    if (stale.length < REFRESH_BATCH) return done;
  }
}

const optionScores = new Map<InstrumentId, Map<string, number>>();
/** scoreOfOption, worked out once per instrument. */
function scoresOf(id: InstrumentId): Map<string, number> {
  let scores = optionScores.get(id);
  if (scores === undefined) {
    scores = scoreOfOption(id);
    optionScores.set(id, scores);
  }
  return scores;
}

/** A facility's month, as sums (the groups of coreqMonthSums, one per exclusion, added up). */
function monthSums(
  instrument: InstrumentId,
  groups: readonly CoreqMonthSum[],
): Map<string, CoreqSums> {
  const byKey = new Map<string, CoreqSums>();
  for (const group of groups) {
    const key = `${group.facility_id} ${group.due_month}`;
    const sums = byKey.get(key) ?? emptySums(instrument);
    byKey.set(key, sums);
    sums.given += group.given;
    sums.responded += group.responded;
    sums.valid += group.valid;
    sums.satisfied += group.satisfied;
    const items: [number | null, number][] = [
      [group.t1, group.n1],
      [group.t2, group.n2],
      [group.t3, group.n3],
      [group.t4, group.n4],
    ];
    sums.items.forEach((item, index) => {
      const [total, n] = items[index] ?? [null, 0];
      item.total += total ?? 0;
      item.n += n;
    });
    if (group.exclusion !== null) {
      const reason = group.exclusion as CoreqExclusion;
      sums.excluded[reason] = (sums.excluded[reason] ?? 0) + group.given;
    }
  }
  return byKey;
}

/** The months (`yyyy-MM`) of a period, which always starts and ends with whole months. */
function monthsOf(period: { from: string; to: string }): string[] {
  const months: string[] = [];
  for (let day = `${period.from.slice(0, 7)}-01`; day <= period.to; day = addMonths(day, 1)) {
    months.push(day.slice(0, 7));
  }
  return months;
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

/** The panel (`GET results/coreq/`): the maintained rows brought up to date, summed per month. */
export async function resultsCoreq(
  ctx: AppContext,
  user: SessionUser,
  query: CoreqQuery,
  now: Date,
): Promise<CoreqResponse> {
  // Today as the response cache keys this answer by (ENDPOINTS.resultsCoreq `cachePerDay`).
  const scope = await coreqScope(ctx, user, query, toDateString(now));
  const { instrument, periods } = scope;
  await refreshCoreqRows(ctx);
  const first = periods[0] as { from: string };
  const last = periods.at(-1) as { to: string };
  const [facilities, groups] = await Promise.all([
    facilityNames(ctx.db, scope.facilityIds),
    coreqMonthSums(
      ctx.db,
      instrument,
      scope.facilityIds,
      first.from.slice(0, 7),
      last.to.slice(0, 7),
    ),
  ]);
  const byMonth = monthSums(instrument, groups);
  const periodMonths = periods.map(monthsOf);
  const figuresOf = (facilityIds: readonly string[]) =>
    periods.map((period, index) => {
      const sums = emptySums(instrument);
      for (const month of periodMonths[index] ?? []) {
        for (const id of facilityIds) {
          const found = byMonth.get(`${id} ${month}`);
          if (found) addSums(sums, found);
        }
      }
      return figuresOfSums(instrument, period, sums);
    });
  return {
    instrument,
    period: scope.period,
    facilities: facilities.map((facility) => ({
      facility_id: facility.id,
      facility_name: facility.name,
      periods: figuresOf([facility.id]),
    })),
    all: { periods: figuresOf(facilities.map((facility) => facility.id)) },
  };
}
