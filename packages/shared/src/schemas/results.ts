/**
 * The results area and the alerts inbox (DESIGN §8, issue 16, ADR 023): what residents said, how
 * a facility is doing, the exports, and the alerts raised by answers that match an alert rule.
 *
 * The period (`from`, `to`, inclusive, facility-local `yyyy-MM-dd`) selects surveys by their
 * **due date**, for every figure, list and export alike, so a figure and the drill-down behind it
 * always count the same surveys (ADR 023). `facility_id` may be repeated; none means every
 * facility the user holds. `survey_type` and `survey_set_id` exclude each other.
 */
import { z } from 'zod';
import {
  DISCHARGE_REASONS,
  RESIDENT_SURVEY_TYPES,
  RESPONDENTS,
  SURVEY_CHANNELS,
} from '../enums.js';
import {
  RESULTS_FACILITIES_MAX,
  RESULTS_NOTE_MAX_LENGTH,
  RESULTS_SEARCH_MAX_LENGTH,
} from '../limits.js';
import { RESULTS_MESSAGES } from '../results-texts.js';
import {
  CursorSchema,
  DateStringSchema,
  IdSchema,
  pageOf,
  stripBidiControls,
  TextSchema,
} from './common.js';
import { SurveySetsResponseSchema } from './surveys.js';

const text = RESULTS_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Filters

/** `facility_id` once (a string) or repeated (a list), always a list after parsing. */
export const FacilityIdsQuerySchema = z
  .union([IdSchema, z.array(IdSchema).max(RESULTS_FACILITIES_MAX, text.tooManyFacilities)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .refine((ids) => ids.length <= RESULTS_FACILITIES_MAX, text.tooManyFacilities);

/** The survey kinds a filter can name: a facility questionnaire's type (a set: `survey_set_id`). */
export const ResultsSurveyTypeSchema = z.enum(RESIDENT_SURVEY_TYPES, {
  error: text.surveyTypeInvalid,
});

/** The statuses a survey can have, as results count them (`consent_refused`: DESIGN §8). */
export const RESULTS_SURVEY_STATUSES = [
  'due',
  'delayed',
  'completed',
  'not_completable',
  'consent_refused',
  /** Ended early at the bedside, the answers given kept (ADR 060). */
  'partial',
] as const;
export type ResultsSurveyStatus = (typeof RESULTS_SURVEY_STATUSES)[number];

const filterShape = {
  facility_id: FacilityIdsQuerySchema.optional(),
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  survey_type: ResultsSurveyTypeSchema.optional(),
  survey_set_id: IdSchema.optional(),
};

interface FilterValues {
  from?: string | undefined;
  to?: string | undefined;
  survey_type?: string | undefined;
  survey_set_id?: string | undefined;
}

/** The checks every results filter makes: a period that ends after it starts, one survey kind. */
function checkFilter(value: FilterValues, ctx: z.RefinementCtx, needsKind: boolean): void {
  if (value.from !== undefined && value.to !== undefined && value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: text.periodReversed });
  }
  if (value.survey_type !== undefined && value.survey_set_id !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['survey_set_id'], message: text.typeOrSet });
  }
  if (needsKind && value.survey_type === undefined && value.survey_set_id === undefined) {
    ctx.addIssue({ code: 'custom', path: ['survey_type'], message: text.kindRequired });
  }
}

/** Filters of `results/summary/`: the survey kind is optional (none: every survey). */
export const ResultsSummaryQuerySchema = z
  .object(filterShape)
  .superRefine((value, ctx) => checkFilter(value, ctx, false));
export type ResultsSummaryQuery = z.infer<typeof ResultsSummaryQuerySchema>;

/**
 * Filters of `results/questions/` and of both exports: one survey kind is required (a type or a
 * set), since the answers are grouped by the questions of that kind's questionnaires.
 */
export const ResultsQuestionsQuerySchema = z
  .object(filterShape)
  .superRefine((value, ctx) => checkFilter(value, ctx, true));
export type ResultsQuestionsQuery = z.infer<typeof ResultsQuestionsQuerySchema>;

export const ResultsExportQuerySchema = ResultsQuestionsQuerySchema;
export type ResultsExportQuery = ResultsQuestionsQuery;

/**
 * `results/survey-sets/`: the survey sets the kind filter offers besides Admission and Discharge —
 * those assigned to the named facilities (none named: every facility the user holds), by name.
 */
export const ResultsSurveySetsQuerySchema = z.object({
  facility_id: FacilityIdsQuerySchema.optional(),
});
export type ResultsSurveySetsQuery = z.infer<typeof ResultsSurveySetsQuerySchema>;
export const ResultsSurveySetsResponseSchema = SurveySetsResponseSchema;
export type ResultsSurveySetsResponse = z.infer<typeof ResultsSurveySetsResponseSchema>;

/** A stable question or option key as stored (the builder's keys, or a migrated question's id). */
export const ResultsKeySchema = z
  .string()
  .min(1, text.keyInvalid)
  .max(100, text.keyInvalid)
  .regex(/^[A-Za-z0-9_.:-]+$/, text.keyInvalid);

/** A number in a query string (`3`, `-1.5`). */
const QueryNumberSchema = z
  .string()
  .max('-123456789012.123456'.length, text.numberInvalid)
  .regex(/^-?\d{1,12}(\.\d{1,6})?$/, text.numberInvalid)
  .transform(Number);

/**
 * Filters of the drill-down `results/surveys/`: the summary's filters, a `status` (default
 * `completed`), and what a figure stands for — an option of a choice question
 * (`question_key` + `option_key`), a range of a Number question (`question_key` + `number_min`
 * and/or `number_max`, inclusive), or any answer to a question (`question_key` alone).
 */
export const ResultsSurveysQuerySchema = z
  .object({
    ...filterShape,
    status: z.enum(RESULTS_SURVEY_STATUSES, { error: text.statusInvalid }).optional(),
    question_key: ResultsKeySchema.optional(),
    option_key: ResultsKeySchema.optional(),
    number_min: QueryNumberSchema.optional(),
    number_max: QueryNumberSchema.optional(),
    cursor: CursorSchema.optional(),
  })
  .superRefine((value, ctx) => {
    checkFilter(value, ctx, false);
    const needsQuestion =
      value.option_key !== undefined ||
      value.number_min !== undefined ||
      value.number_max !== undefined;
    if (needsQuestion && value.question_key === undefined) {
      ctx.addIssue({ code: 'custom', path: ['question_key'], message: text.questionRequired });
    }
    if (
      value.question_key !== undefined &&
      value.status !== undefined &&
      value.status !== 'completed'
    ) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: text.answersOnlyCompleted });
    }
  });
export type ResultsSurveysQuery = z.infer<typeof ResultsSurveysQuerySchema>;

/** Filters of `results/comments/`: the questions' filters, a question, and a search text. */
export const ResultsCommentsQuerySchema = z
  .object({
    ...filterShape,
    question_key: ResultsKeySchema.optional(),
    q: z
      .string()
      .overwrite(stripBidiControls)
      .trim()
      .max(RESULTS_SEARCH_MAX_LENGTH, text.searchTooLong)
      .refine((value) => !value.includes('\u0000'), text.searchInvalid)
      .optional(),
    cursor: CursorSchema.optional(),
  })
  .superRefine((value, ctx) => checkFilter(value, ctx, true));
export type ResultsCommentsQuery = z.infer<typeof ResultsCommentsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Summary

/** Not-completable surveys by the resident's discharge reason (every reason present, maybe 0). */
export const NotCompletableByReasonSchema = z.record(z.enum(DISCHARGE_REASONS), z.number().int());

/**
 * One facility's figures over the surveys due in the period:
 * - `due`: every survey due in the period, whatever its status (the response rate's base);
 * - `completed`, `delayed` (still delayed), `not_completable` (by reason), `consent_refused`;
 * - `open`: still due or delayed (beyond DESIGN §8's list);
 * - `response_rate`: completed / due, 0–1, null when nothing was due;
 * - `median_days_to_complete`: median of (submission day − due day) over the completed ones
 *   (negative: completed before it was due), null when none was completed.
 */
export const ResultsFacilitySummarySchema = z.object({
  facility_id: IdSchema,
  facility_name: z.string(),
  due: z.number().int(),
  completed: z.number().int(),
  delayed: z.number().int(),
  open: z.number().int(),
  not_completable: NotCompletableByReasonSchema,
  consent_refused: z.number().int(),
  /** Ended early (ADR 060): given and partly answered, counted apart from `completed`. */
  partial: z.number().int(),
  response_rate: z.number().nullable(),
  median_days_to_complete: z.number().nullable(),
});
export type ResultsFacilitySummary = z.infer<typeof ResultsFacilitySummarySchema>;

/** One month (`yyyy-MM`, of the due date) over every facility of the filter. */
export const ResultsMonthSchema = z.object({
  month: z.string(),
  due: z.number().int(),
  completed: z.number().int(),
  response_rate: z.number().nullable(),
});
export type ResultsMonth = z.infer<typeof ResultsMonthSchema>;

/**
 * `facilities`: one row per facility of the filter (all held when none named), by name — the
 * comparison table. `by_month`: every month of the period that has a survey due, in order.
 */
export const ResultsSummaryResponseSchema = z.object({
  facilities: z.array(ResultsFacilitySummarySchema),
  by_month: z.array(ResultsMonthSchema),
});
export type ResultsSummaryResponse = z.infer<typeof ResultsSummaryResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Questions

/** How many answers chose an option (a MultiPicklist answer counts once for each option chosen). */
export const ResultsOptionCountSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** Whether the option raises an alert (in the latest version that has it). */
  alert: z.boolean(),
});
export type ResultsOptionCount = z.infer<typeof ResultsOptionCountSchema>;

/**
 * A bucket of Number answers, `min` ≤ value ≤ `max`: one bucket per distinct value while there
 * are at most RESULTS_HISTOGRAM_MAX_BUCKETS of them (then `min` = `max`), else equal-width buckets.
 */
export const ResultsHistogramBucketSchema = z.object({
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
});
export type ResultsHistogramBucket = z.infer<typeof ResultsHistogramBucketSchema>;

/** A choice question's answers in one month (`yyyy-MM` of the due date): the trend of each share. */
export const ResultsQuestionMonthSchema = z.object({
  month: z.string(),
  answered: z.number().int(),
  options: z.array(z.object({ key: z.string(), count: z.number().int() })),
});
export type ResultsQuestionMonth = z.infer<typeof ResultsQuestionMonthSchema>;

/**
 * One question, grouped by its stable key across versions, languages and facilities — the
 * questions of each questionnaire's published version and of the versions answered in the
 * period (a retired question nobody answered in it is not listed): the text and type of the
 * latest of those versions that has it; `answered`: answers with a value; `non_answers`:
 * declined ("Refused", "Don't know"); choice questions: `options` (every option of every
 * version, in the latest order, then retired ones) and `by_month`; Number: `mean` (null with no
 * answer) and `histogram`; Text questions and comments: `comments` counts the non-blank comments
 * (read them with `results/comments/`).
 */
export const ResultsQuestionSchema = z.object({
  question_key: z.string(),
  text: z.string(),
  type: z.string(),
  answered: z.number().int(),
  non_answers: z.number().int(),
  comments: z.number().int(),
  /** Asked differently (text, type or options) in the versions of the period (issue 34 item 6). */
  changed: z.boolean(),
  options: z.array(ResultsOptionCountSchema).optional(),
  by_month: z.array(ResultsQuestionMonthSchema).optional(),
  mean: z.number().nullable().optional(),
  histogram: z.array(ResultsHistogramBucketSchema).optional(),
});
export type ResultsQuestion = z.infer<typeof ResultsQuestionSchema>;

export const ResultsQuestionsResponseSchema = z.array(ResultsQuestionSchema);
export type ResultsQuestionsResponse = z.infer<typeof ResultsQuestionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Drill-down, one survey, comments

/** Who answered (null: not recorded, ADR 026) and how the survey was taken (DESIGN §9). */
const answeredByShape = {
  respondent: z.enum(RESPONDENTS).nullable(),
  channel: z.enum(SURVEY_CHANNELS),
};

/**
 * One survey behind a figure, newest due date first. Dates: `yyyy-MM-dd`; `submitted_at`: ISO;
 * `respondent` and `channel`: who answered and how (DESIGN §9).
 */
export const ResultsSurveyItemSchema = z.object({
  survey_id: IdSchema,
  resident_name: z.string(),
  facility_id: IdSchema,
  facility_name: z.string(),
  survey_type: z.string(),
  survey_set_id: IdSchema.nullable(),
  survey_set_name: z.string().nullable(),
  status: z.string(),
  due_date: z.string(),
  submitted_at: z.string().nullable(),
  submitted_by_name: z.string().nullable(),
  questionnaire_version: z.number().int().nullable(),
  ...answeredByShape,
});
export type ResultsSurveyItem = z.infer<typeof ResultsSurveyItemSchema>;

export const ResultsSurveysResponseSchema = pageOf(ResultsSurveyItemSchema);
export type ResultsSurveysResponse = z.infer<typeof ResultsSurveysResponseSchema>;

/** One answer of a submitted survey, as asked (the version's English text and label). */
export const ResultsSurveyAnswerSchema = z.object({
  question_key: z.string(),
  question: z.string(),
  type: z.string(),
  answer: z.string().nullable(),
  comment: z.string().nullable(),
  non_answer: z.string().nullable(),
  /** Whether this answer raised an alert. */
  alert: z.boolean(),
});
export type ResultsSurveyAnswer = z.infer<typeof ResultsSurveyAnswerSchema>;

export const ResultsSurveyAcknowledgementSchema = z.object({
  employee_name: z.string(),
  department: z.string(),
  position: z.string(),
  comment: z.string(),
  status: z.string(),
});

/** The printable view of one survey (`results/survey/{surveyId}/`). */
export const ResultsSurveyDetailSchema = ResultsSurveyItemSchema.extend({
  answers: z.array(ResultsSurveyAnswerSchema),
  acknowledgements: z.array(ResultsSurveyAcknowledgementSchema),
});
export type ResultsSurveyDetail = z.infer<typeof ResultsSurveyDetailSchema>;

/** A text answer or a comment, newest first (`kind`: which of the two). */
export const ResultsCommentSchema = z.object({
  survey_id: IdSchema,
  facility_id: IdSchema,
  facility_name: z.string(),
  resident_name: z.string(),
  due_date: z.string(),
  submitted_at: z.string().nullable(),
  question_key: z.string(),
  question: z.string(),
  kind: z.enum(['answer', 'comment']),
  text: z.string(),
  ...answeredByShape,
});
export type ResultsComment = z.infer<typeof ResultsCommentSchema>;

export const ResultsCommentsResponseSchema = pageOf(ResultsCommentSchema);
export type ResultsCommentsResponse = z.infer<typeof ResultsCommentsResponseSchema>;

/** An export's answer: the file, streamed (CSV: UTF-8 with a BOM; XLSX: two sheets). */
export const ResultsExportResponseSchema = z.string();

// ---------------------------------------------------------------------------------------------
// Alerts

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const AlertStatusSchema = z.enum(ALERT_STATUSES, { error: text.alertStatusInvalid });

export const AlertListQuerySchema = z.object({
  facility_id: IdSchema.optional(),
  status: AlertStatusSchema.optional(),
});
export type AlertListQuery = z.infer<typeof AlertListQuerySchema>;

/**
 * An alert. `question`/`answer`: the question as asked and the answer given (personal: shown
 * only to Survey_Results); `acknowledged_by`/`resolved_by`: the user's name; `overdue`: still
 * open ALERT_OVERDUE_HOURS after it was raised. Times are ISO-8601 UTC.
 */
export const AlertSchema = z.object({
  id: IdSchema,
  facility_id: IdSchema,
  facility_name: z.string(),
  survey_id: IdSchema,
  survey_type: z.string(),
  resident_name: z.string(),
  question_key: z.string(),
  question: z.string(),
  answer: z.string(),
  raised_at: z.string(),
  status: AlertStatusSchema,
  overdue: z.boolean(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

/** Newest first; at most ALERTS_LIST_MAX (open ones are never crowded out by resolved ones). */
export const AlertListResponseSchema = z.array(AlertSchema);
export type AlertListResponse = z.infer<typeof AlertListResponseSchema>;

export const ResolveAlertRequestSchema = z.object({
  note: TextSchema.trim().min(1, text.noteRequired).max(RESULTS_NOTE_MAX_LENGTH, text.noteTooLong),
});
export type ResolveAlertRequest = z.infer<typeof ResolveAlertRequestSchema>;

/** Open alerts of the user's facilities (or of `facility_id`): the Survey Results tile's count. */
export const AlertCountsQuerySchema = z.object({ facility_id: IdSchema.optional() });
export type AlertCountsQuery = z.infer<typeof AlertCountsQuerySchema>;

export const AlertCountsResponseSchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
});
export type AlertCountsResponse = z.infer<typeof AlertCountsResponseSchema>;

/** Whether the signed-in user is mailed when an alert is raised in one of their facilities. */
export const AlertMailSettingSchema = z.object({ alert_mail: z.boolean() });
export type AlertMailSetting = z.infer<typeof AlertMailSettingSchema>;
