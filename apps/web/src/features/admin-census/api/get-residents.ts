import type { AdminResidentListResponse, ResidentStatus } from '@carevoice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every cached page of a facility's residents starts with this key (one invalidation refreshes). */
export const RESIDENTS_QUERY_KEY = 'admin-residents';

export interface ResidentFilter {
  q: string;
  status: ResidentStatus | null;
}

/** GET admin/facilities/{facilityId}/residents/: one page, after `cursor`. */
export function getResidents(
  facilityId: string,
  filter: ResidentFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminResidentListResponse> {
  return apiRequest('adminResidents', {
    params: { facilityId },
    query: { q: filter.q.trim() || undefined, status: filter.status ?? undefined, cursor },
    signal,
  });
}

export const residentsQueryOptions = (facilityId: string, filter: ResidentFilter) =>
  infiniteQueryOptions({
    queryKey: [RESIDENTS_QUERY_KEY, facilityId, filter],
    queryFn: ({ pageParam, signal }) => getResidents(facilityId, filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The facility's residents by name, a page at a time ("Show more" fetches the next). */
export function useResidents(facilityId: string, filter: ResidentFilter) {
  return useInfiniteQuery(residentsQueryOptions(facilityId, filter));
}
