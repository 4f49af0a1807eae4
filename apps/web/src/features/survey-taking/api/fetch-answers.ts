import { type FetchAnswersResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST fetch-question-answers/: the stored answers of submitted surveys, in order. */
export function fetchAnswers(
  surveyIdList: string[],
  signal?: AbortSignal,
): Promise<FetchAnswersResponse> {
  return apiRequest('fetchAnswers', {
    body: { survey_id_list: surveyIdList },
    signal,
  });
}

export const submittedAnswersQueryOptions = (surveyIdList: string[]) =>
  queryOptions({
    queryKey: ['submitted-answers', ...surveyIdList],
    queryFn: ({ signal }) => fetchAnswers(surveyIdList, signal),
  });

/** Loads only once `enabled` (the print screen asks when Print is pressed). */
export function useSubmittedAnswers(surveyIdList: string[], enabled: boolean) {
  return useQuery({ ...submittedAnswersQueryOptions(surveyIdList), enabled });
}
