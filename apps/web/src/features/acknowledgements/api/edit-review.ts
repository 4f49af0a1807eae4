import type { RecognitionEditRequest, RecognitionReview } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACKNOWLEDGEMENTS_QUERY_KEY } from './get-acknowledgements';

/** PATCH recognition/reviews/{id}/: the text published for an approved review (409: stale). */
export function editReview(
  reviewId: string,
  body: RecognitionEditRequest,
): Promise<RecognitionReview> {
  return apiRequest('recognitionEditReview', { params: { reviewId }, body });
}

export function useEditReview(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: RecognitionEditRequest }) =>
      editReview(reviewId, body),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId] }),
  });
}
