/**
 * The CoreQ panel and exports (DESIGN §9 "CoreQ", issue 34 items 3–4, ADR 054).
 *
 * `GET results/coreq/?facility_id=…&instrument=&from=&to=&period=month|quarter|six_months`: the
 * periods holding `from` … `to` (default: the twelve months to today), for each facility named
 * (none: every facility the user holds) and for all of them together. Surveys belong to the
 * period of their due date, as every results figure (ADR 023). `instrument` left out: the first
 * one (in INSTRUMENT_IDS order) a questionnaire of the facilities has adopted, else Short Stay.
 */
import { z } from 'zod';
import { COREQ_EXCLUSIONS, COREQ_NOT_REPORTABLE_REASONS, COREQ_PERIODS } from '../coreq.js';
import { INSTRUMENT_IDS } from '../instrument-ids.js';
import { RESPONDENTS } from '../enums.js';
import { CursorSchema, DateStringSchema, IdSchema, pageOf } from './common.js';
import { FacilityIdsQuerySchema } from './results.js';

export const COREQ_MESSAGES = {
  instrumentInvalid: `Use one of ${INSTRUMENT_IDS.join(', ')}.`,
  periodInvalid: `Use ${COREQ_PERIODS.join(', ')}.`,
  periodReversed: 'The end of the period is before its start.',
  tooManyPeriods: (max: number) => `Choose a shorter range: at most ${max} periods.`,
  countInvalid: 'Use given, responded, valid, satisfied or excluded.',
  reasonInvalid: 'Not a CoreQ exclusion reason.',
  reasonOnlyExcluded: 'A reason goes with count=excluded only.',
} as const;

export const CoreqQuerySchema = z
  .object({
    facility_id: FacilityIdsQuerySchema.optional(),
    instrument: z.enum(INSTRUMENT_IDS, { error: COREQ_MESSAGES.instrumentInvalid }).optional(),
    from: DateStringSchema.optional(),
    to: DateStringSchema.optional(),
    period: z.enum(COREQ_PERIODS, { error: COREQ_MESSAGES.periodInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from !== undefined && value.to !== undefined && value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: COREQ_MESSAGES.periodReversed });
    }
  });
export type CoreqQuery = z.infer<typeof CoreqQuerySchema>;

/**
 * One period's figures: `given` (surveys given: answered or declined), `responded`, `valid`,
 * `satisfied`; `score` = satisfied ÷ valid × 100 (one decimal), null below a gate; `response_rate`
 * = valid ÷ given (0–1), null when none was given; each item's mean over the valid responses;
 * the responses that are not valid by their first reason; the gate failed, if any.
 */
export const CoreqPeriodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  given: z.number().int(),
  responded: z.number().int(),
  valid: z.number().int(),
  satisfied: z.number().int(),
  score: z.number().nullable(),
  response_rate: z.number().nullable(),
  item_averages: z.record(z.string(), z.number().nullable()),
  excluded: z.partialRecord(z.enum(COREQ_EXCLUSIONS), z.number().int()),
  reportable: z.boolean(),
  not_reportable_reason: z.enum(COREQ_NOT_REPORTABLE_REASONS).nullable(),
});
export type CoreqPeriodFigures = z.infer<typeof CoreqPeriodFiguresSchema>;

export const CoreqResponseSchema = z.object({
  instrument: z.enum(INSTRUMENT_IDS),
  period: z.enum(COREQ_PERIODS),
  facilities: z.array(
    z.object({
      facility_id: IdSchema,
      facility_name: z.string(),
      periods: z.array(CoreqPeriodFiguresSchema),
    }),
  ),
  all: z.object({ periods: z.array(CoreqPeriodFiguresSchema) }),
});
export type CoreqResponse = z.infer<typeof CoreqResponseSchema>;

/** The exports' answer: the file (text/csv, or an XLSX workbook). */
export const CoreqExportResponseSchema = z.string();

/**
 * The counts of the panel a drill-down lists the surveys of (ADR 066): every survey given, those
 * answered, the valid responses, the satisfied respondents, the responses not valid (optionally
 * for one reason).
 */
export const COREQ_SURVEY_COUNTS = [
  'given',
  'responded',
  'valid',
  'satisfied',
  'excluded',
] as const;
export type CoreqSurveyCount = (typeof COREQ_SURVEY_COUNTS)[number];

/**
 * `GET results/coreq/surveys/?facility_id=…&instrument=&from=&to=&count=&reason=&cursor=`: the
 * surveys behind one count of the panel (ADR 066), newest due date first, a page at a time.
 * `from` … `to` is the period of the count (a survey belongs to the period of its due date).
 */
export const CoreqSurveysQuerySchema = z
  .object({
    facility_id: FacilityIdsQuerySchema.optional(),
    instrument: z.enum(INSTRUMENT_IDS, { error: COREQ_MESSAGES.instrumentInvalid }),
    from: DateStringSchema,
    to: DateStringSchema,
    count: z.enum(COREQ_SURVEY_COUNTS, { error: COREQ_MESSAGES.countInvalid }),
    reason: z.enum(COREQ_EXCLUSIONS, { error: COREQ_MESSAGES.reasonInvalid }).optional(),
    cursor: CursorSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: COREQ_MESSAGES.periodReversed });
    }
    if (value.reason !== undefined && value.count !== 'excluded') {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: COREQ_MESSAGES.reasonOnlyExcluded,
      });
    }
  });
export type CoreqSurveysQuery = z.infer<typeof CoreqSurveysQuerySchema>;

/**
 * One survey behind a count: when it was given (due date), whose, who answered and its status,
 * how the rules counted it (`exclusion`: the first reason it is not valid), and the items'
 * scores 1–5 in the instrument's order (null: not answered).
 */
export const CoreqSurveyItemSchema = z.object({
  survey_id: IdSchema,
  facility_id: IdSchema,
  facility_name: z.string(),
  resident_name: z.string(),
  due_date: z.string(),
  status: z.string(),
  respondent: z.enum(RESPONDENTS).nullable(),
  responded: z.boolean(),
  valid: z.boolean(),
  satisfied: z.boolean(),
  exclusion: z.enum(COREQ_EXCLUSIONS).nullable(),
  items: z.array(z.number().int().nullable()),
});
export type CoreqSurveyItem = z.infer<typeof CoreqSurveyItemSchema>;

export const CoreqSurveysResponseSchema = pageOf(CoreqSurveyItemSchema);
export type CoreqSurveysResponse = z.infer<typeof CoreqSurveysResponseSchema>;
