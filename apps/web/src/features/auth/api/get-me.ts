import { type MeResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREFETCH_FRESH_MS } from '@/config/constants';
import { apiRequest } from '@/lib/api-client';

/** GET me/: the signed-in profile, or 401 when the session has expired, idled out or been revoked. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest('me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    // Started by the route before the guard itself was loaded (app/prefetch.ts): not repeated
    // when the guard mounts a moment later.
    staleTime: PREFETCH_FRESH_MS,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
