import type { AdminEmployeeListResponse } from '@carevoice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every cached page of a facility's employees starts with this key. */
export const EMPLOYEES_QUERY_KEY = 'admin-employees';

export interface EmployeeFilter {
  q: string;
  active: boolean | null;
}

/** GET admin/facilities/{facilityId}/employees/: one page, after `cursor`. */
export function getEmployees(
  facilityId: string,
  filter: EmployeeFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminEmployeeListResponse> {
  return apiRequest('adminEmployees', {
    params: { facilityId },
    query: {
      q: filter.q.trim() || undefined,
      active: filter.active === null ? undefined : filter.active ? 'true' : 'false',
      cursor,
    },
    signal,
  });
}

export const employeesQueryOptions = (facilityId: string, filter: EmployeeFilter) =>
  infiniteQueryOptions({
    queryKey: [EMPLOYEES_QUERY_KEY, facilityId, filter],
    queryFn: ({ pageParam, signal }) => getEmployees(facilityId, filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The facility's employees by name, a page at a time. */
export function useEmployees(facilityId: string, filter: EmployeeFilter) {
  return useInfiniteQuery(employeesQueryOptions(facilityId, filter));
}
