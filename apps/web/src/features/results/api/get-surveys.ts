import { type EndpointQuery, type ResultsSurveysResponse } from '@carevoice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The drill-down's filters (its query without the page cursor). */
export type SurveysFilter = Omit<EndpointQuery<'resultsSurveys'>, 'cursor'>;

/** GET results/surveys/: one page of the surveys behind a figure, newest due date first. */
export function getResultsSurveys(
  filter: SurveysFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ResultsSurveysResponse> {
  return apiRequest('resultsSurveys', {
    query: { ...filter, ...(cursor === undefined ? {} : { cursor }) },
    signal,
  });
}

export const resultsSurveysQueryOptions = (filter: SurveysFilter) =>
  infiniteQueryOptions({
    queryKey: ['results-surveys', filter],
    queryFn: ({ pageParam, signal }) => getResultsSurveys(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** The pages read so far ("Show more" reads the next one). */
export function useResultsSurveys(filter: SurveysFilter, enabled: boolean) {
  return useInfiniteQuery({ ...resultsSurveysQueryOptions(filter), enabled });
}
