import { type ResultsSummaryQuery, type ResultsSummaryResponse } from '@carevoice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET results/summary/: per facility and per month, how the surveys due in the period went. */
export function getResultsSummary(
  query: ResultsSummaryQuery,
  signal?: AbortSignal,
): Promise<ResultsSummaryResponse> {
  return apiRequest('resultsSummary', { query, signal });
}

export const resultsSummaryQueryOptions = (query: ResultsSummaryQuery) =>
  queryOptions({
    queryKey: ['results-summary', query],
    queryFn: ({ signal }) => getResultsSummary(query, signal),
  });

export function useResultsSummary(query: ResultsSummaryQuery, enabled: boolean) {
  return useQuery({
    ...resultsSummaryQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
