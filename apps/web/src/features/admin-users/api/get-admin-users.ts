import type { AdminUsersResponse, PermissionType } from '@carevoice/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every cached page of the user list starts with this key, so one invalidation refreshes all. */
export const ADMIN_USERS_QUERY_KEY = 'admin-users';

/** The list's search and filters, as the screen holds them ('' = none). */
export interface AdminUserFilters {
  q: string;
  facilityId: string;
  permission: PermissionType | '';
  /** '' any status, 'true' active only, 'false' invited or deactivated. */
  active: '' | 'true' | 'false';
}

/** GET admin/users/: one page of the users the administrator shares a facility with. */
export function getAdminUsers(
  filters: AdminUserFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  return apiRequest('adminUsers', {
    // Empty values are left out of the URL (apiPath).
    query: {
      q: filters.q,
      facility_id: filters.facilityId,
      permission: filters.permission || undefined,
      active: filters.active || undefined,
      cursor,
    },
    signal,
  });
}

export const adminUsersQueryOptions = (filters: AdminUserFilters) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_USERS_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => getAdminUsers(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // While a new search loads, the previous results stay on screen.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filters: AdminUserFilters) {
  return useInfiniteQuery(adminUsersQueryOptions(filters));
}
