/**
 * The CoreQ measures' published rules as values (DESIGN §9 "CoreQ", issue 34 items 3–4, ADR 054):
 * the periods, the reasons a response is not valid, the reporting gates. The computation lives in
 * the server (modules/results/coreq.ts); the panel and the exports name the same reasons.
 */
import type { InstrumentId } from './instrument-ids.js';

/** The periods the panel and the exports group by (rolling six months: each month and the five before). */
export const COREQ_PERIODS = ['month', 'quarter', 'six_months'] as const;
export type CoreqPeriod = (typeof COREQ_PERIODS)[number];

/** At most this many periods in one request (two years of months). */
export const COREQ_MAX_PERIODS = 24;

/**
 * Why a response is not a valid one, in the order they are checked (a response counts under the
 * first that applies, so the counts add up to the responses that are not valid). ADR 054 gives
 * each one's source.
 */
export const COREQ_EXCLUSIONS = [
  /** A family member or representative answered a resident measure. */
  'proxy',
  /** The resident answered a family measure. */
  'not_family',
  'died',
  'hospital',
  'snf',
  'psychiatric',
  'irf',
  'ltch',
  'hospice',
  'ama',
  'guardian',
  /** BIMS (Brief Interview for Mental Status) score 7 or lower. */
  'bims',
  /** Short stay: discharged more than 100 days after admission. */
  'stay_over_100_days',
  /** Long stay: in the facility less than 100 days when answering. */
  'stay_under_100_days',
  /** Assisted living: in the community less than two weeks when answering. */
  'stay_under_14_days',
  /** Answered more than two months after discharge (short stay) or after the survey was given. */
  'late',
  /** Two or more items not answered (one missing item is allowed). */
  'incomplete',
] as const;
export type CoreqExclusion = (typeof COREQ_EXCLUSIONS)[number];

/** Why a period's score is not reported (the first gate it fails). */
export const COREQ_NOT_REPORTABLE_REASONS = ['too_few_valid', 'low_response_rate'] as const;
export type CoreqNotReportableReason = (typeof COREQ_NOT_REPORTABLE_REASONS)[number];

/** Reporting gate: at least this many valid responses. */
export const COREQ_MIN_VALID = 20;
/** Reporting gate: valid responses ÷ people given the survey at least this share. */
export const COREQ_MIN_RESPONSE_RATE = 0.3;
/** A respondent is satisfied when the mean of the items answered is at least this. */
export const COREQ_SATISFIED_MEAN = 3;
/** A response is late when answered more than this many months after discharge / being given. */
export const COREQ_WINDOW_MONTHS = 2;
/** At most this many items may be missing for a response to be valid. */
export const COREQ_MAX_MISSING_ITEMS = 1;

/** The family measures (every other CoreQ measure is a resident measure). */
export const COREQ_FAMILY_INSTRUMENTS = [
  'coreq-lsf',
  'coreq-alf',
] as const satisfies readonly InstrumentId[];
