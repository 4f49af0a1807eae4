import type { RecognitionReviewPage } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET recognition/reviews/?status=approved&employee_id=…: an employee's approved comments in a
 * period (the certificate shows the first page).
 */
export function getEmployeeComments(
  query: { facility_id: string; employee_id: string; from?: string; to?: string },
  signal?: AbortSignal,
): Promise<RecognitionReviewPage> {
  return apiRequest('recognitionReviews', { query: { ...query, status: 'approved' }, signal });
}

export function useEmployeeComments(query: {
  facility_id: string;
  employee_id: string;
  from?: string;
  to?: string;
}) {
  return useQuery(
    queryOptions({
      queryKey: ['recognition-comments', query],
      queryFn: ({ signal }) => getEmployeeComments(query, signal),
    }),
  );
}
