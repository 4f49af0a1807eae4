import { type SurveySet } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET survey-sets/{facilityId}/: the sets assigned to a facility. */
export function getSurveySets(facilityId: string, signal?: AbortSignal): Promise<SurveySet[]> {
  return apiRequest('surveySets', {
    params: { facilityId },
    signal,
  });
}

export const surveySetsQueryOptions = (facilityId: string) =>
  queryOptions({
    queryKey: ['survey-sets', facilityId],
    queryFn: ({ signal }) => getSurveySets(facilityId, signal),
  });

export function useSurveySets(facilityId: string) {
  return useQuery(surveySetsQueryOptions(facilityId));
}
