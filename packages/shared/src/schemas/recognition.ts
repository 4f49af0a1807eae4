/**
 * Recognition (DESIGN §8, issue 18, ADR 030): the review list with its tabs and filters, undo,
 * the text published for an approved review, roll-ups, and the mail opt-out.
 */
import { z } from 'zod';
import { ACKNOWLEDGEMENT_STATUSES } from '../enums.js';
import { MESSAGES } from '../messages.js';
import {
  DENY_REASON_MAX_LENGTH,
  PUBLISHED_TEXT_MAX_LENGTH,
  RECOGNITION_FILTER_MAX_LENGTH,
  RECOGNITION_UNDO_MINUTES,
} from '../limits.js';
import {
  CursorSchema,
  DateStringSchema,
  IdSchema,
  pageOf,
  stripBidiControls,
  VersionSchema,
} from './common.js';

/**
 * The messages of the shared schemas' checks and the server's refusals: an object of its own, so
 * the contract every page loads carries only these, not the screens' texts
 * (recognition-texts.ts, which holds them as RECOGNITION_TEXT.errors too).
 */
export const RECOGNITION_ERRORS = {
  reasonRequired: 'Give a reason for the denial.',
  reasonTooLong: 'Keep the reason shorter.',
  publishedTextRequired: 'Write the text to publish.',
  publishedTextTooLong: 'Keep the text shorter.',
  notDecided: 'This review has no decision to undo.',
  undoExpired: `This decision is final: it can only be undone within ${RECOGNITION_UNDO_MINUTES} minutes.`,
  notApproved: 'Only an approved review can be edited for publication.',
  dateRangeReversed: MESSAGES.dateRangeReversed,
  optOutInvalid: 'This link is not valid.',
} as const;

const errors = RECOGNITION_ERRORS;

/** Stored free text: bidi controls removed, trimmed, 1..max characters, no NUL. */
function storedText(max: number, required: string, tooLong: string) {
  return z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !value.includes('\u0000'), 'Remove the NUL character (U+0000).');
}

/** Why a review was denied (required with `Denied`). */
export const DenyReasonSchema = storedText(
  DENY_REASON_MAX_LENGTH,
  errors.reasonRequired,
  errors.reasonTooLong,
);

export const PublishedTextSchema = storedText(
  PUBLISHED_TEXT_MAX_LENGTH,
  errors.publishedTextRequired,
  errors.publishedTextTooLong,
);

export const AcknowledgementStatusSchema = z.enum(ACKNOWLEDGEMENT_STATUSES, {
  error: 'Use pending, approved or denied.',
});

const FilterTextSchema = z
  .string()
  .max(RECOGNITION_FILTER_MAX_LENGTH, 'Too long.')
  .refine((value) => !value.includes('\u0000'), 'Remove the NUL character (U+0000).');

/**
 * The review list's query. `from`/`to`: inclusive days (facility-local) of when the resident's
 * words were recorded. `status` defaults to `pending`.
 */
export const RecognitionReviewsQuerySchema = z.object({
  facility_id: IdSchema,
  status: AcknowledgementStatusSchema.optional(),
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  department: FilterTextSchema.optional(),
  position: FilterTextSchema.optional(),
  employee_id: IdSchema.optional(),
  cursor: CursorSchema.optional(),
});
export type RecognitionReviewsQuery = z.infer<typeof RecognitionReviewsQuerySchema>;

/**
 * One review. `review` is what the resident said (never changed); `published_text` the edited
 * text for publication, or null. `decided_by`/`decided_at`: who decided and when (null while
 * pending); `reason`: why it was denied; `undo_until`: until when the decision can be undone
 * (null when it cannot any more, or while pending).
 */
export const RecognitionReviewSchema = z.object({
  id: IdSchema,
  employee_id: IdSchema,
  employee_name: z.string(),
  department: z.string(),
  position: z.string(),
  patient_name: z.string().nullable(),
  survey_date: z.string().nullable(),
  review: z.string(),
  published_text: z.string().nullable(),
  status: AcknowledgementStatusSchema,
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  undo_until: z.string().nullable(),
  version: z.number().int(),
});
export type RecognitionReview = z.infer<typeof RecognitionReviewSchema>;

/**
 * The page, the departments and positions the facility's employees have (the filters), and the
 * facility's IANA time zone, in which the decisions' times are shown.
 */
export const RecognitionReviewPageSchema = pageOf(RecognitionReviewSchema).extend({
  departments: z.array(z.string()),
  positions: z.array(z.string()),
  time_zone: z.string(),
});
export type RecognitionReviewPage = z.infer<typeof RecognitionReviewPageSchema>;

export const RecognitionReviewParamsSchema = z.object({ reviewId: IdSchema });

export const RecognitionEditRequestSchema = z.object({
  published_text: PublishedTextSchema,
  version: VersionSchema,
});
export type RecognitionEditRequest = z.infer<typeof RecognitionEditRequestSchema>;

export const RecognitionSummaryQuerySchema = z.object({
  facility_id: IdSchema,
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
});
export type RecognitionSummaryQuery = z.infer<typeof RecognitionSummaryQuerySchema>;

export const RecognitionEmployeeCountSchema = z.object({
  employee_id: IdSchema,
  name: z.string(),
  department: z.string(),
  position: z.string(),
  approved: z.number().int(),
});

/**
 * Approved acknowledgements of a facility in a period (by the day the resident's words were
 * recorded): per employee (most first, then by name), per department, per month (`yyyy-MM`,
 * facility-local, oldest first; months without any are left out).
 */
export const RecognitionSummarySchema = z.object({
  facility_id: IdSchema,
  facility_name: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  total_approved: z.number().int(),
  by_employee: z.array(RecognitionEmployeeCountSchema),
  by_department: z.array(z.object({ department: z.string(), approved: z.number().int() })),
  by_month: z.array(z.object({ month: z.string(), approved: z.number().int() })),
});
export type RecognitionSummary = z.infer<typeof RecognitionSummarySchema>;

/** The opt-out link's token (the fragment of the link in every recognition mail). */
export const RecognitionOptOutRequestSchema = z.object({
  token: z
    .string()
    .min(20, errors.optOutInvalid)
    .max(200, errors.optOutInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, errors.optOutInvalid),
});
export type RecognitionOptOutRequest = z.infer<typeof RecognitionOptOutRequestSchema>;
