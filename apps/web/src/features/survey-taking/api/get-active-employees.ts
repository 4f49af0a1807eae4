import { type ActiveEmployeesResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET active/employee/{facilityId}/: `{department: {position: ["Name-CODE"]}}`. */
export function getActiveEmployees(
  facilityId: string,
  signal?: AbortSignal,
): Promise<ActiveEmployeesResponse> {
  return apiRequest('activeEmployees', {
    params: { facilityId },
    signal,
  });
}

export const activeEmployeesQueryOptions = (facilityId: string) =>
  queryOptions({
    queryKey: ['active-employees', facilityId],
    queryFn: ({ signal }) => getActiveEmployees(facilityId, signal),
    // Asked even without a connection: the service worker may hold it (ADR 032).
    networkMode: 'offlineFirst',
  });

export function useActiveEmployees(facilityId: string) {
  return useQuery(activeEmployeesQueryOptions(facilityId));
}

/** An entry "Name-CODE" of the list: employee codes never contain '-' (ADR 005). */
export function parseEmployeeEntry(entry: string): { name: string; code: string } {
  const dash = entry.lastIndexOf('-');
  if (dash < 0) return { name: entry, code: entry };
  return { name: entry.slice(0, dash).trim(), code: entry.slice(dash + 1).trim() };
}
