import type { AdminResidentCreateRequest, CreatedResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { RESIDENTS_QUERY_KEY } from './get-residents';

/** POST admin/facilities/{facilityId}/residents/: adds a resident (and schedules its surveys). */
export function createResident(
  facilityId: string,
  body: AdminResidentCreateRequest,
): Promise<CreatedResponse> {
  return apiRequest('adminResidentCreate', { params: { facilityId }, body });
}

export function useCreateResident(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminResidentCreateRequest) => createResident(facilityId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RESIDENTS_QUERY_KEY, facilityId] }),
  });
}
