import { type CoreqSurveysResponse, type EndpointQuery } from '@carevoice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The count a CoreQ drill-down lists (its query without the page cursor, ADR 066). */
export type CoreqSurveysFilter = Omit<EndpointQuery<'resultsCoreqSurveys'>, 'cursor'>;

/** GET results/coreq/surveys/: one page of the surveys behind a count, newest first. */
export function getCoreqSurveys(
  filter: CoreqSurveysFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CoreqSurveysResponse> {
  return apiRequest('resultsCoreqSurveys', {
    query: { ...filter, ...(cursor === undefined ? {} : { cursor }) },
    signal,
  });
}

export const coreqSurveysQueryOptions = (filter: CoreqSurveysFilter) =>
  infiniteQueryOptions({
    queryKey: ['results-coreq-surveys', filter],
    queryFn: ({ pageParam, signal }) => getCoreqSurveys(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** The pages read so far ("Show more" reads the next one). */
export function useCoreqSurveys(filter: CoreqSurveysFilter) {
  return useInfiniteQuery(coreqSurveysQueryOptions(filter));
}
