import { type ActivePatient } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET active-patients/{facilityId}/: the facility's active residents. */
export function getActivePatients(
  facilityId: string,
  signal?: AbortSignal,
): Promise<ActivePatient[]> {
  return apiRequest('activePatients', {
    params: { facilityId },
    signal,
  });
}

export const activePatientsQueryOptions = (facilityId: string) =>
  queryOptions({
    queryKey: ['active-patients', facilityId],
    queryFn: ({ signal }) => getActivePatients(facilityId, signal),
  });

export function useActivePatients(facilityId: string) {
  return useQuery(activePatientsQueryOptions(facilityId));
}
