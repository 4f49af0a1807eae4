import { type EndpointQuery, type ResultsCommentsResponse } from '@carevoice/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The comments' filters: the results filters, a question, and the search text (`q`). */
export type CommentsFilter = Omit<EndpointQuery<'resultsComments'>, 'cursor'>;

/**
 * GET results/comments/: one page of comments and text answers, newest first. The search text
 * goes to the API only (the contract marks it personal: the server's logs redact it), never into
 * the page's address.
 */
export function getResultsComments(
  filter: CommentsFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ResultsCommentsResponse> {
  return apiRequest('resultsComments', {
    query: { ...filter, ...(cursor === undefined ? {} : { cursor }) },
    signal,
  });
}

export const resultsCommentsQueryOptions = (filter: CommentsFilter) =>
  infiniteQueryOptions({
    queryKey: ['results-comments', filter],
    queryFn: ({ pageParam, signal }) => getResultsComments(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useResultsComments(filter: CommentsFilter, enabled: boolean) {
  return useInfiniteQuery({
    ...resultsCommentsQueryOptions(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}
