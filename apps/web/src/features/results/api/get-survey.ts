import { type ResultsSurveyDetail } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET results/survey/{surveyId}/: one submitted survey, its answers as asked. */
export function getResultsSurvey(
  surveyId: string,
  signal?: AbortSignal,
): Promise<ResultsSurveyDetail> {
  return apiRequest('resultsSurvey', { params: { surveyId }, signal });
}

export const resultsSurveyQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: ['results-survey', surveyId],
    queryFn: ({ signal }) => getResultsSurvey(surveyId, signal),
  });

export function useResultsSurvey(surveyId: string) {
  return useQuery({ ...resultsSurveyQueryOptions(surveyId), enabled: surveyId !== '' });
}
