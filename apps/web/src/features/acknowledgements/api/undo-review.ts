import type { DetailResponse } from '@carevoice/shared';
import { apiRequest } from '@/lib/api-client';

/** POST recognition/reviews/{id}/undo/: takes a decision back within 10 minutes (409 after). */
export function undoReview(reviewId: string): Promise<DetailResponse> {
  return apiRequest('recognitionUndo', { params: { reviewId } });
}
