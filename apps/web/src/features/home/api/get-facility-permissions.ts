import { type FacilityPermissionResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREFETCH_FRESH_MS } from '@/config/constants';
import { apiRequest } from '@/lib/api-client';

/** GET facility/permission/{sf_user_id}/: the user's permission types and facilities. */
export function getFacilityPermissions(
  sfUserId: string,
  signal?: AbortSignal,
): Promise<FacilityPermissionResponse> {
  return apiRequest('permissions', {
    params: { sfUserId },
    signal,
  });
}

export const facilityPermissionsQueryOptions = (sfUserId: string) =>
  queryOptions({
    queryKey: ['facility-permissions', sfUserId],
    queryFn: ({ signal }) => getFacilityPermissions(sfUserId, signal),
    // Started by the route of Home and of the due list before the screen was loaded
    // (app/prefetch.ts): not repeated when the screen mounts a moment later.
    staleTime: PREFETCH_FRESH_MS,
  });

export function useFacilityPermissions(sfUserId: string) {
  return useQuery(facilityPermissionsQueryOptions(sfUserId));
}
