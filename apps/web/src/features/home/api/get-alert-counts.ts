import { type AlertCountsResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET alerts/counts/: the open (and overdue) alerts of the user's facilities. */
export function getAlertCounts(signal?: AbortSignal): Promise<AlertCountsResponse> {
  return apiRequest('alertCounts', { signal });
}

/**
 * The tile's count is asked anew whenever Home shows (no `staleTime`), so an alert acknowledged
 * or resolved in the inbox is reflected on return without the inbox touching this cache.
 */
export const alertCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['alert-counts'],
    queryFn: ({ signal }) => getAlertCounts(signal),
  });

/** The Survey Results tile's badge; asked only of a user who sees the tile (`enabled`). */
export function useAlertCounts(enabled: boolean) {
  return useQuery({ ...alertCountsQueryOptions(), enabled });
}
