import { type ResultsSurveySetsQuery, type ResultsSurveySetsResponse } from '@carevoice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET results/survey-sets/: the survey sets the kind filter offers besides Admission and
 * Discharge — those of the chosen facilities (none chosen: every facility the user holds).
 */
export function getResultsSurveySets(
  query: ResultsSurveySetsQuery,
  signal?: AbortSignal,
): Promise<ResultsSurveySetsResponse> {
  return apiRequest('resultsSurveySets', { query, signal });
}

export const resultsSurveySetsQueryOptions = (facilityIds: readonly string[]) =>
  queryOptions({
    queryKey: ['results-survey-sets', [...facilityIds].sort()],
    queryFn: ({ signal }) =>
      getResultsSurveySets(facilityIds.length > 0 ? { facility_id: [...facilityIds] } : {}, signal),
  });

export function useResultsSurveySets(facilityIds: readonly string[]) {
  return useQuery({
    ...resultsSurveySetsQueryOptions(facilityIds),
    placeholderData: keepPreviousData,
  });
}
