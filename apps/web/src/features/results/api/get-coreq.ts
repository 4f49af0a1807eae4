import { type CoreqQuery, type CoreqResponse } from '@carevoice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET results/coreq/: the CoreQ figures per period, per facility and for all (ADR 054). */
export function getResultsCoreq(query: CoreqQuery, signal?: AbortSignal): Promise<CoreqResponse> {
  return apiRequest('resultsCoreq', { query, signal });
}

export const resultsCoreqQueryOptions = (query: CoreqQuery) =>
  queryOptions({
    queryKey: ['results-coreq', query],
    queryFn: ({ signal }) => getResultsCoreq(query, signal),
  });

export function useResultsCoreq(query: CoreqQuery) {
  return useQuery({ ...resultsCoreqQueryOptions(query), placeholderData: keepPreviousData });
}
