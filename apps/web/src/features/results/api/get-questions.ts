import { type ResultsQuestionsQuery, type ResultsQuestionsResponse } from '@carevoice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET results/questions/: each question's answers, grouped by its stable key. */
export function getResultsQuestions(
  query: ResultsQuestionsQuery,
  signal?: AbortSignal,
): Promise<ResultsQuestionsResponse> {
  return apiRequest('resultsQuestions', { query, signal });
}

export const resultsQuestionsQueryOptions = (query: ResultsQuestionsQuery) =>
  queryOptions({
    queryKey: ['results-questions', query],
    queryFn: ({ signal }) => getResultsQuestions(query, signal),
  });

/** Nothing is asked while `enabled` is false (no survey kind chosen, a reversed period). */
export function useResultsQuestions(query: ResultsQuestionsQuery, enabled: boolean) {
  return useQuery({
    ...resultsQuestionsQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
