import { type Question } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET survey-set-questions/{surveySetId}/: a survey set's questions. */
export function getSetQuestions(surveySetId: string, signal?: AbortSignal): Promise<Question[]> {
  return apiRequest('setQuestions', {
    params: { surveySetId },
    signal,
  });
}

export const setQuestionsQueryOptions = (surveySetId: string) =>
  queryOptions({
    queryKey: ['survey-set-questions', surveySetId],
    queryFn: ({ signal }) => getSetQuestions(surveySetId, signal),
    staleTime: Infinity,
    // Asked even without a connection: the service worker may hold it (ADR 032).
    networkMode: 'offlineFirst',
  });

export function useSetQuestions(surveySetId: string) {
  return useQuery(setQuestionsQueryOptions(surveySetId));
}
