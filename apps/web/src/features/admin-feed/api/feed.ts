import type {
  FeedMapping,
  FeedMappingUpdateRequest,
  FeedMessage,
  FeedMessageDetail,
  FeedMessageListResponse,
  FeedMessageStatus,
} from '@carevoice/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * The census feed's calls (DESIGN §9, ADR 050 / 055): a facility's feed (codes, listener, last
 * message, messages per hour), its messages a page at a time, one raw message (audited on the
 * server) and "apply again". Every cached read of a facility's feed starts with this key.
 */
const FEED_QUERY_KEY = 'admin-feed';

const feedQueryOptions = (facilityId: string) =>
  queryOptions({
    queryKey: [FEED_QUERY_KEY, facilityId, 'mapping'],
    queryFn: ({ signal }): Promise<FeedMapping> =>
      apiRequest('adminFeedMapping', { params: { facilityId }, signal }),
  });

/** GET admin/facilities/{facilityId}/feed/. */
export function useFeed(facilityId: string) {
  return useQuery(feedQueryOptions(facilityId));
}

const feedMessagesQueryOptions = (facilityId: string, status: FeedMessageStatus | null) =>
  infiniteQueryOptions({
    queryKey: [FEED_QUERY_KEY, facilityId, 'messages', status],
    queryFn: ({ pageParam, signal }): Promise<FeedMessageListResponse> =>
      apiRequest('adminFeedMessages', {
        params: { facilityId },
        query: { status: status ?? undefined, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** GET admin/facilities/{facilityId}/feed/messages/: newest first, "Show more" for older. */
export function useFeedMessages(facilityId: string, status: FeedMessageStatus | null) {
  return useInfiniteQuery(feedMessagesQueryOptions(facilityId, status));
}

/** GET admin/feed/messages/{id}/: the raw text. Never cached: every view is read (and audited). */
export function useFeedMessage(messageId: string) {
  return useQuery({
    queryKey: [FEED_QUERY_KEY, 'message', messageId],
    queryFn: ({ signal }): Promise<FeedMessageDetail> =>
      apiRequest('adminFeedMessage', { params: { messageId }, signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 409;
}

/** Refreshes everything the screen shows of the facility's feed. */
export function useRefreshFeed(facilityId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [FEED_QUERY_KEY, facilityId] });
}

/** PUT admin/facilities/{facilityId}/feed/ at the version shown; 409 when it moved on. */
export function useUpdateFeedCodes(facilityId: string) {
  const refresh = useRefreshFeed(facilityId);
  return useMutation({
    mutationFn: (body: FeedMappingUpdateRequest): Promise<FeedMapping> =>
      apiRequest('adminFeedMappingUpdate', { params: { facilityId }, body }),
    onSuccess: refresh,
    onError: (error) => (isVersionConflict(error) ? refresh() : undefined),
  });
}

/** POST admin/feed/messages/{id}/apply/: the message with its new outcome. */
export function useApplyFeedMessage(facilityId: string) {
  const refresh = useRefreshFeed(facilityId);
  return useMutation({
    mutationFn: (messageId: string): Promise<FeedMessage> =>
      apiRequest('adminFeedMessageApply', { params: { messageId } }),
    onSettled: refresh,
  });
}
