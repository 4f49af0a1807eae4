import { type ResidentSurveyType, type SurveyListResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREFETCH_FRESH_MS } from '@/config/constants';
import { apiRequest } from '@/lib/api-client';

/** Every cached due list starts with this key, so one invalidation refreshes them all. */
export const SURVEY_LIST_QUERY_KEY = 'survey-list';

/**
 * GET facility-survey-patients/{facilityId}/{surveyType}/: the facility's due surveys of one
 * type, with the lowest and highest due date (the bounds of the date-range filter).
 */
export function getSurveyList(
  facilityId: string,
  surveyType: ResidentSurveyType,
  signal?: AbortSignal,
): Promise<SurveyListResponse> {
  return apiRequest('surveyList', {
    params: { facilityId, surveyType },
    signal,
  });
}

export const surveyListQueryOptions = (facilityId: string, surveyType: ResidentSurveyType) =>
  queryOptions({
    queryKey: [SURVEY_LIST_QUERY_KEY, facilityId, surveyType],
    queryFn: ({ signal }) => getSurveyList(facilityId, surveyType, signal),
    // Started by the route on a reload of the due list (app/prefetch.ts): not asked again when
    // the screen mounts a moment later. Creating, delaying, discharging and a refused consent
    // invalidate the lists, which refetches them however fresh they are.
    staleTime: PREFETCH_FRESH_MS,
  });

export function useSurveyList(facilityId: string, surveyType: ResidentSurveyType) {
  return useQuery(surveyListQueryOptions(facilityId, surveyType));
}
