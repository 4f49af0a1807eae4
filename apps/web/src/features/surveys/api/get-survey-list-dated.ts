import { type DatedSurveyListResponse, type ResidentSurveyType } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SURVEY_LIST_QUERY_KEY } from './get-survey-list';

/** A due-date range, both ends `yyyy-MM-dd` and inclusive. */
export interface DueDateRange {
  start: string;
  end: string;
}

/**
 * GET facility-survey-patients/{facilityId}/{surveyType}/{startDate}/{endDate}/: the due surveys
 * whose due date lies in the range.
 */
export function getSurveyListDated(
  facilityId: string,
  surveyType: ResidentSurveyType,
  range: DueDateRange,
  signal?: AbortSignal,
): Promise<DatedSurveyListResponse> {
  return apiRequest('surveyListDated', {
    params: { facilityId, surveyType, startDate: range.start, endDate: range.end },
    signal,
  });
}

export const surveyListDatedQueryOptions = (
  facilityId: string,
  surveyType: ResidentSurveyType,
  range: DueDateRange,
) =>
  queryOptions({
    queryKey: [SURVEY_LIST_QUERY_KEY, facilityId, surveyType, range.start, range.end],
    queryFn: ({ signal }) => getSurveyListDated(facilityId, surveyType, range, signal),
  });

/** The dated list while a whole range is chosen; idle (no request) while `range` is null. */
export function useSurveyListDated(
  facilityId: string,
  surveyType: ResidentSurveyType,
  range: DueDateRange | null,
) {
  return useQuery({
    ...surveyListDatedQueryOptions(facilityId, surveyType, range ?? { start: '', end: '' }),
    enabled: range !== null,
  });
}
