import { z } from 'zod';
import { REVIEW_RESULTS } from '../enums.js';
import { IdSchema } from './common.js';

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

export const ReviewDecisionRequestSchema = z.object({
  user_id: IdSchema,
  result: z.enum(REVIEW_RESULTS),
  id: IdSchema,
});
export type ReviewDecisionRequest = z.infer<typeof ReviewDecisionRequestSchema>;
