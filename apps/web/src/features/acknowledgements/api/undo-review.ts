import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACKNOWLEDGEMENTS_QUERY_KEY } from './get-acknowledgements';

/** POST recognition/reviews/{id}/undo/: takes a decision back within 10 minutes (409 after). */
export function undoReview(reviewId: string): Promise<DetailResponse> {
  return apiRequest('recognitionUndo', { params: { reviewId } });
}

/** Undo; every list of the facility is fetched again afterwards (also after a 409). */
export function useUndoReview(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoReview,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId] }),
  });
}
