import type {
  AcknowledgementStatus,
  RecognitionReviewPage,
  RecognitionReviewsQuery,
} from '@carevoice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACKNOWLEDGEMENTS_QUERY_KEY } from './get-acknowledgements';

/** The filters of the review screen (empty strings: no filter). */
export interface ReviewFilters {
  from: string;
  to: string;
  department: string;
  position: string;
}

export const NO_FILTERS: ReviewFilters = { from: '', to: '', department: '', position: '' };

/**
 * GET recognition/reviews/: one tab of the facility's reviews (pending, approved, denied) with
 * the filters, a page at a time. Under the acknowledgements key, so a decision refreshes it.
 */
export function getReviews(
  query: RecognitionReviewsQuery,
  signal?: AbortSignal,
): Promise<RecognitionReviewPage> {
  return apiRequest('recognitionReviews', { query, signal });
}

export const reviewsQueryOptions = (
  facilityId: string,
  status: AcknowledgementStatus,
  filters: ReviewFilters,
  employeeId?: string,
) =>
  infiniteQueryOptions({
    queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId, 'reviews', status, filters, employeeId],
    queryFn: ({ signal, pageParam }) =>
      getReviews(
        {
          facility_id: facilityId,
          status,
          from: filters.from || undefined,
          to: filters.to || undefined,
          department: filters.department || undefined,
          position: filters.position || undefined,
          employee_id: employeeId,
          cursor: pageParam,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useReviews(
  facilityId: string,
  status: AcknowledgementStatus,
  filters: ReviewFilters,
  employeeId?: string,
) {
  return useInfiniteQuery(reviewsQueryOptions(facilityId, status, filters, employeeId));
}
