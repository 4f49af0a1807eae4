import {
  SubmitAnswersResponseSchema,
  type SubmitAnswersRequest,
  type SubmitAnswersResponse,
} from '@carevoice/shared';
import { apiRequest } from '@/lib/api-client';

/** The header that makes a submission safe to send again (ADR 005). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * POST survey-answers/: one survey's answers and acknowledgements. `idempotencyKey` is made once
 * per survey, so every retry of the same survey is recognised by the server.
 */
export function submitAnswers(
  body: SubmitAnswersRequest,
  idempotencyKey: string,
): Promise<SubmitAnswersResponse> {
  return apiRequest('submitAnswers', {
    schema: SubmitAnswersResponseSchema,
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
