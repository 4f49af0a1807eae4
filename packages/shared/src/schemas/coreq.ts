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
import { DateStringSchema, IdSchema } from './common.js';
import { FacilityIdsQuerySchema } from './results.js';

export const COREQ_MESSAGES = {
  instrumentInvalid: `Use one of ${INSTRUMENT_IDS.join(', ')}.`,
  periodInvalid: `Use ${COREQ_PERIODS.join(', ')}.`,
  periodReversed: 'The end of the period is before its start.',
  tooManyPeriods: (max: number) => `Choose a shorter range: at most ${max} periods.`,
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
