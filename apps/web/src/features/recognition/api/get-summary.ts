import type { RecognitionSummary, RecognitionSummaryQuery } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET recognition/summary/: approved acknowledgements of a facility in a period. */
export function getSummary(
  query: RecognitionSummaryQuery,
  signal?: AbortSignal,
): Promise<RecognitionSummary> {
  return apiRequest('recognitionSummary', { query, signal });
}

export const summaryQueryOptions = (query: RecognitionSummaryQuery) =>
  queryOptions({
    queryKey: ['recognition-summary', query],
    queryFn: ({ signal }) => getSummary(query, signal),
  });

export function useRecognitionSummary(query: RecognitionSummaryQuery) {
  return useQuery(summaryQueryOptions(query));
}
