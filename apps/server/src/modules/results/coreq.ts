/**
 * The CoreQ measures, computed (DESIGN §9 "CoreQ", issue 34 items 3–4, ADR 054). Pure functions:
 * the repository reads one row per survey given, these decide for each response whether it is
 * valid and satisfied (or which exclusion applies) and count a period's figures and gates. Every
 * rule cites its source in ADR 054; coreq.test.ts checks them against hand-computed data sets.
 */
import {
  COREQ_EXCLUSIONS,
  COREQ_FAMILY_INSTRUMENTS,
  COREQ_MAX_MISSING_ITEMS,
  COREQ_MIN_RESPONSE_RATE,
  COREQ_MIN_VALID,
  COREQ_SATISFIED_MEAN,
  COREQ_WINDOW_MONTHS,
  instrument as instrumentOf,
  type CoreqExclusion,
  type CoreqNotReportableReason,
  type CoreqPeriod,
  type DischargeDestination,
  type InstrumentId,
  type Respondent,
} from '@carevoice/shared';

/** One survey given: its answers' scores and what the census knows of the resident. */
export interface CoreqSurveyRow {
  survey_id: string;
  facility_id: string;
  /** The survey's due date (`yyyy-MM-dd`): the day it was given; puts it in a period. */
  given_on: string;
  /** False: given, but declined (consent refused, or the resident refused it). */
  responded: boolean;
  /** The day the answers were submitted (`yyyy-MM-dd`); null when not responded. */
  answered_on: string | null;
  /** Who answered; null: not recorded (ADR 026), taken as the person asked. */
  respondent: Respondent | null;
  /** The score (1–5) of each item answered, by item key (`coreq-1` …); absent or null: missing. */
  items: Readonly<Record<string, number | null | undefined>>;
  admitted_on: string | null;
  discharged_on: string | null;
  discharge_destination: DischargeDestination | null;
  guardian: boolean;
  bims_score: number | null;
}

/** What the rules make of one response. */
export interface CoreqEvaluation {
  /** The items' scores in the instrument's order (null: missing). */
  scores: (number | null)[];
  missing: number;
  /** The mean of the items answered; null when none was. */
  mean: number | null;
  /** The first exclusion that applies (COREQ_EXCLUSIONS order); null: valid. */
  exclusion: CoreqExclusion | null;
  valid: boolean;
  /** Valid and the mean of the items answered ≥ 3. */
  satisfied: boolean;
}

/** The exclusions each measure applies (ADR 054 gives each one's source). */
const RULES: Record<InstrumentId, ReadonlySet<CoreqExclusion>> = {
  'coreq-ss': new Set([
    'proxy',
    'died',
    'hospital',
    'snf',
    'psychiatric',
    'irf',
    'ltch',
    'hospice',
    'ama',
    'guardian',
    'bims',
    'stay_over_100_days',
    'late',
    'incomplete',
  ]),
  'coreq-lsr': new Set([
    'proxy',
    'hospice',
    'guardian',
    'bims',
    'stay_under_100_days',
    'late',
    'incomplete',
  ]),
  'coreq-lsf': new Set(['not_family', 'stay_under_100_days', 'late', 'incomplete']),
  'coreq-alr': new Set([
    'proxy',
    'hospice',
    'guardian',
    'bims',
    'stay_under_14_days',
    'late',
    'incomplete',
  ]),
  'coreq-alf': new Set(['not_family', 'late', 'incomplete']),
};

/** The discharge destinations that exclude a short-stay response, each its own reason. */
const DESTINATION_EXCLUSIONS = new Set<CoreqExclusion>([
  'died',
  'hospital',
  'snf',
  'psychiatric',
  'irf',
  'ltch',
  'hospice',
  'ama',
]);

const itemKeys = new Map<InstrumentId, readonly string[]>();

/** The item keys of an instrument, in order (worked out once per instrument: called per response). */
export function coreqItemKeys(id: InstrumentId): readonly string[] {
  let keys = itemKeys.get(id);
  if (keys === undefined) {
    keys = instrumentOf(id).questions.map((question) => question.key);
    itemKeys.set(id, keys);
  }
  return keys;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / 86_400_000;

/** Whole days from `a` to `b` (`yyyy-MM-dd`). */
export function daysBetween(a: string, b: string): number {
  return Math.round(dayNumber(b) - dayNumber(a));
}

/** The same day `months` calendar months later (the month's last day when it has fewer). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const last = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(date, last)))
    .toISOString()
    .slice(0, 10);
}

function applies(id: InstrumentId, reason: CoreqExclusion, row: CoreqSurveyRow): boolean {
  const family = (COREQ_FAMILY_INSTRUMENTS as readonly string[]).includes(id);
  switch (reason) {
    case 'proxy':
      return !family && (row.respondent === 'family' || row.respondent === 'representative');
    case 'not_family':
      return family && row.respondent === 'resident';
    case 'guardian':
      return row.guardian;
    case 'bims':
      return row.bims_score !== null && row.bims_score <= 7;
    case 'stay_over_100_days':
      return (
        row.admitted_on !== null &&
        row.discharged_on !== null &&
        daysBetween(row.admitted_on, row.discharged_on) > 100
      );
    case 'stay_under_100_days':
      return (
        row.admitted_on !== null &&
        row.answered_on !== null &&
        daysBetween(row.admitted_on, row.answered_on) < 100
      );
    case 'stay_under_14_days':
      return (
        row.admitted_on !== null &&
        row.answered_on !== null &&
        daysBetween(row.admitted_on, row.answered_on) < 14
      );
    case 'late': {
      // Short stay: two months from discharge; the others: from the day the survey was given.
      const start = id === 'coreq-ss' ? (row.discharged_on ?? row.given_on) : row.given_on;
      return row.answered_on !== null && row.answered_on > addMonths(start, COREQ_WINDOW_MONTHS);
    }
    case 'incomplete':
      return false; // counted from the items (evaluateResponse)
    default:
      // The discharge destinations (DESTINATION_EXCLUSIONS): each is its own reason.
      return DESTINATION_EXCLUSIONS.has(reason) && row.discharge_destination === reason;
  }
}

/**
 * Every exclusion that applies to a response under the instrument's rules (the exports' flags;
 * the figures count only the first, `evaluateResponse`).
 */
export function exclusionsOf(id: InstrumentId, row: CoreqSurveyRow): CoreqExclusion[] {
  const { missing } = evaluateResponse(id, row);
  return COREQ_EXCLUSIONS.filter(
    (reason) =>
      RULES[id].has(reason) &&
      (reason === 'incomplete' ? missing > COREQ_MAX_MISSING_ITEMS : applies(id, reason, row)),
  );
}

/** The exclusions a measure applies, in COREQ_EXCLUSIONS order (the exports' flag columns). */
export function exclusionsApplied(id: InstrumentId): CoreqExclusion[] {
  return COREQ_EXCLUSIONS.filter((reason) => RULES[id].has(reason));
}

/** Evaluations already made, per row and instrument: a row counts in several periods. */
const evaluated = new WeakMap<CoreqSurveyRow, { id: InstrumentId; result: CoreqEvaluation }>();

/** One response under an instrument's rules: its scores, exclusion, validity and satisfaction. */
export function evaluateResponse(id: InstrumentId, row: CoreqSurveyRow): CoreqEvaluation {
  const known = evaluated.get(row);
  if (known?.id === id) return known.result;
  const result = evaluate(id, row);
  evaluated.set(row, { id, result });
  return result;
}

function evaluate(id: InstrumentId, row: CoreqSurveyRow): CoreqEvaluation {
  const scores = coreqItemKeys(id).map((key) => {
    const score = row.items[key];
    return typeof score === 'number' && Number.isFinite(score) ? score : null;
  });
  const answered = scores.filter((score): score is number => score !== null);
  const missing = scores.length - answered.length;
  const mean = answered.length === 0 ? null : answered.reduce((a, b) => a + b, 0) / answered.length;
  const rules = RULES[id];
  let exclusion: CoreqExclusion | null = null;
  for (const reason of COREQ_EXCLUSIONS) {
    if (!rules.has(reason)) continue;
    const hit =
      reason === 'incomplete' ? missing > COREQ_MAX_MISSING_ITEMS : applies(id, reason, row);
    if (hit) {
      exclusion = reason;
      break;
    }
  }
  const valid = exclusion === null;
  return {
    scores,
    missing,
    mean,
    exclusion,
    valid,
    satisfied: valid && mean !== null && mean >= COREQ_SATISFIED_MEAN,
  };
}

/** A period's figures (DESIGN §9). */
export interface CoreqFigures {
  from: string;
  to: string;
  given: number;
  responded: number;
  valid: number;
  satisfied: number;
  /** satisfied ÷ valid as a percentage (one decimal); null below a gate. */
  score: number | null;
  /** valid ÷ given; null when nobody was given the survey. */
  response_rate: number | null;
  /** Each item's mean score over the valid responses that answered it (two decimals). */
  item_averages: Record<string, number | null>;
  excluded: Partial<Record<CoreqExclusion, number>>;
  reportable: boolean;
  not_reportable_reason: CoreqNotReportableReason | null;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** The gate a period fails first, or null when it is reportable (exact in whole numbers). */
export function gateOf(valid: number, given: number): CoreqNotReportableReason | null {
  if (valid < COREQ_MIN_VALID) return 'too_few_valid';
  // valid ÷ given < 0.3, compared in whole numbers (no rounding at the edge).
  if (valid * 100 < given * Math.round(COREQ_MIN_RESPONSE_RATE * 100)) return 'low_response_rate';
  return null;
}

/**
 * What a period's figures are made of, summed over its surveys given (the panel sums them per
 * month from the maintained rows, ADR 061; `coreqFigures` from the rows themselves).
 */
export interface CoreqSums {
  given: number;
  responded: number;
  valid: number;
  satisfied: number;
  /** Per item (instrument order): the total score and count over the valid responses. */
  items: { total: number; n: number }[];
  excluded: Partial<Record<CoreqExclusion, number>>;
}

export function emptySums(id: InstrumentId): CoreqSums {
  return {
    given: 0,
    responded: 0,
    valid: 0,
    satisfied: 0,
    items: coreqItemKeys(id).map(() => ({ total: 0, n: 0 })),
    excluded: {},
  };
}

/** Adds `b` into `a`. */
export function addSums(a: CoreqSums, b: CoreqSums): void {
  a.given += b.given;
  a.responded += b.responded;
  a.valid += b.valid;
  a.satisfied += b.satisfied;
  b.items.forEach((item, index) => {
    const into = a.items[index];
    if (into === undefined) return;
    into.total += item.total;
    into.n += item.n;
  });
  for (const [reason, n] of Object.entries(b.excluded) as [CoreqExclusion, number][]) {
    a.excluded[reason] = (a.excluded[reason] ?? 0) + n;
  }
}

/** A period's figures from its sums: the score, the rate, the averages and the gate. */
export function figuresOfSums(
  id: InstrumentId,
  period: { from: string; to: string },
  sums: CoreqSums,
): CoreqFigures {
  const keys = coreqItemKeys(id);
  const { given, responded, valid, satisfied } = sums;
  const gate = gateOf(valid, given);
  return {
    from: period.from,
    to: period.to,
    given,
    responded,
    valid,
    satisfied,
    score: gate === null ? round((100 * satisfied) / valid, 1) : null,
    response_rate: given === 0 ? null : round(valid / given, 4),
    item_averages: Object.fromEntries(
      keys.map((key, index) => {
        const sum = sums.items[index] ?? { total: 0, n: 0 };
        return [key, sum.n === 0 ? null : round(sum.total / sum.n, 2)];
      }),
    ),
    excluded: { ...sums.excluded },
    reportable: gate === null,
    not_reportable_reason: gate,
  };
}

/** The figures of the surveys given in one period (the caller picks the rows of the period). */
export function coreqFigures(
  id: InstrumentId,
  period: { from: string; to: string },
  rows: readonly CoreqSurveyRow[],
): CoreqFigures {
  const sums = emptySums(id);
  sums.given = rows.length;
  for (const row of rows) {
    if (!row.responded) continue;
    sums.responded += 1;
    const response = evaluateResponse(id, row);
    if (response.exclusion !== null) {
      sums.excluded[response.exclusion] = (sums.excluded[response.exclusion] ?? 0) + 1;
      continue;
    }
    sums.valid += 1;
    if (response.satisfied) sums.satisfied += 1;
    response.scores.forEach((score, index) => {
      const sum = sums.items[index];
      if (score === null || sum === undefined) return;
      sum.total += score;
      sum.n += 1;
    });
  }
  return figuresOfSums(id, period, sums);
}

/** The first day of a `yyyy-MM-dd` day's month. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The last day of the month `months` after the day's month. */
function monthEnd(day: string, months = 0): string {
  const next = addMonths(monthStart(day), months + 1);
  return new Date(Date.parse(`${next}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The periods from the one holding `from` to the one holding `to`, oldest first: calendar months,
 * calendar quarters, or rolling six months (each month with the five before it).
 */
export function coreqPeriods(
  from: string,
  to: string,
  period: CoreqPeriod,
): { from: string; to: string }[] {
  const periods: { from: string; to: string }[] = [];
  if (period === 'quarter') {
    const quarterStart = (day: string) => {
      const month = Number(day.slice(5, 7));
      const first = month - ((month - 1) % 3);
      return `${day.slice(0, 4)}-${String(first).padStart(2, '0')}-01`;
    };
    for (let start = quarterStart(from); start <= to; start = addMonths(start, 3)) {
      periods.push({ from: start, to: monthEnd(start, 2) });
    }
    return periods;
  }
  for (let month = monthStart(from); month <= to; month = addMonths(month, 1)) {
    periods.push(
      period === 'month'
        ? { from: month, to: monthEnd(month) }
        : { from: addMonths(month, -5), to: monthEnd(month) },
    );
  }
  return periods;
}
