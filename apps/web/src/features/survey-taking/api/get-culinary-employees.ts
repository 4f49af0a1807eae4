import { type CulinaryEmployee } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET culinary-employees/{facilityId}/: the facility's active culinary employees. */
export function getCulinaryEmployees(
  facilityId: string,
  signal?: AbortSignal,
): Promise<CulinaryEmployee[]> {
  return apiRequest('culinaryEmployees', {
    params: { facilityId },
    signal,
  });
}

export const culinaryEmployeesQueryOptions = (facilityId: string) =>
  queryOptions({
    queryKey: ['culinary-employees', facilityId],
    queryFn: ({ signal }) => getCulinaryEmployees(facilityId, signal),
    // Asked even without a connection: the service worker may hold it (ADR 032).
    networkMode: 'offlineFirst',
  });

export function useCulinaryEmployees(facilityId: string) {
  return useQuery(culinaryEmployeesQueryOptions(facilityId));
}
