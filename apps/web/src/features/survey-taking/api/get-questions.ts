import { type Question, type ResidentSurveyType } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET survey-questions/{surveyType}/{facilityId}/: a facility's Admission or Discharge questions. */
export function getQuestions(
  surveyType: ResidentSurveyType,
  facilityId: string,
  signal?: AbortSignal,
): Promise<Question[]> {
  return apiRequest('questions', {
    params: { surveyType, facilityId },
    signal,
  });
}

export const questionsQueryOptions = (surveyType: ResidentSurveyType, facilityId: string) =>
  queryOptions({
    queryKey: ['survey-questions', surveyType, facilityId],
    queryFn: ({ signal }) => getQuestions(surveyType, facilityId, signal),
    // A questionnaire does not change during a survey; a reload fetches it afresh.
    staleTime: Infinity,
    // Asked even without a connection: the service worker may hold it (ADR 032).
    networkMode: 'offlineFirst',
  });

export function useQuestions(surveyType: ResidentSurveyType, facilityId: string) {
  return useQuery(questionsQueryOptions(surveyType, facilityId));
}
