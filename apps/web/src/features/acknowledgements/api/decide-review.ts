import { type DetailResponse, type ReviewDecisionRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { ACKNOWLEDGEMENTS_QUERY_KEY } from './get-acknowledgements';

/**
 * POST acknowledgement-employee-list/{facilityId}/: approves or denies one pending review (a
 * denial with its reason). 409 when someone already decided it.
 */
export function decideReview(
  facilityId: string,
  body: ReviewDecisionRequest,
): Promise<DetailResponse> {
  return apiRequest('reviewDecision', {
    params: { facilityId },
    body,
  });
}

/** Whether a decision failed because the review was already decided (by someone else). */
export function isAlreadyDecided(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 409;
}

/**
 * One review's decision. After a decision, or a 409 (the list is out of date), the facility's
 * list is fetched again; the mutation settles only once the refreshed list is in, so the decided
 * row leaves the screen while its buttons are still disabled.
 */
export function useDecideReview(facilityId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId] });
  return useMutation({
    mutationFn: (body: ReviewDecisionRequest) => decideReview(facilityId, body),
    onSuccess: refresh,
    onError: (error) => (isAlreadyDecided(error) ? refresh() : undefined),
  });
}
