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
  });

export function useActiveEmployees(facilityId: string) {
  return useQuery(activeEmployeesQueryOptions(facilityId));
}
