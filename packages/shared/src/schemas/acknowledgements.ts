import { z } from 'zod';
import { REVIEW_RESULTS } from '../enums.js';
import { IdSchema } from './common.js';
import { DenyReasonSchema, RECOGNITION_ERRORS } from './recognition.js';

export const PendingReviewSchema = z.object({
  id: IdSchema,
  patient_name: z.string().nullable(),
  survey_date: z.string().nullable(),
  review: z.string(),
});
export type PendingReview = z.infer<typeof PendingReviewSchema>;

export const AcknowledgementListItemSchema = z.object({
  name: z.string(),
  reviews: z.array(PendingReviewSchema),
});
export type AcknowledgementListItem = z.infer<typeof AcknowledgementListItemSchema>;
export const AcknowledgementListResponseSchema = z.array(AcknowledgementListItemSchema);
export type AcknowledgementListResponse = z.infer<typeof AcknowledgementListResponseSchema>;

/**
 * The spec's decision call; `reason` (beyond the spec, DESIGN §8) is required for `Denied` and
 * ignored for `Approved`.
 */
export const ReviewDecisionRequestSchema = z
  .object({
    user_id: IdSchema,
    result: z.enum(REVIEW_RESULTS),
    id: IdSchema,
    reason: DenyReasonSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.result === 'Denied' && value.reason === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: RECOGNITION_ERRORS.reasonRequired,
      });
    }
  });
export type ReviewDecisionRequest = z.infer<typeof ReviewDecisionRequestSchema>;
