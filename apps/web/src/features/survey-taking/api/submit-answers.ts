import {
  IDEMPOTENCY_KEY_HEADER,
  type SubmitAnswersRequest,
  type SubmitAnswersResponse,
} from '@carevoice/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * POST survey-answers/: one survey's answers and acknowledgements. `idempotencyKey` is made once
 * per survey, so every retry of the same survey is recognised by the server.
 */
export function submitAnswers(
  body: SubmitAnswersRequest,
  idempotencyKey: string,
): Promise<SubmitAnswersResponse> {
  return apiRequest('submitAnswers', {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
