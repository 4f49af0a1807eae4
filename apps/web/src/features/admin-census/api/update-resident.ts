import type { AdminResident, AdminResidentUpdateRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { RESIDENTS_QUERY_KEY } from './get-residents';

/**
 * PATCH admin/residents/{residentId}/: edits, admits, records a discharge or readmits, at the
 * version the list showed; 409 when someone else saved meanwhile.
 */
export function updateResident(
  residentId: string,
  body: AdminResidentUpdateRequest,
): Promise<AdminResident> {
  return apiRequest('adminResidentUpdate', { params: { residentId }, body });
}

export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 409;
}

/** After a save, or a 409 (the list is out of date), the facility's list is fetched again. */
export function useUpdateResident(facilityId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: [RESIDENTS_QUERY_KEY, facilityId] });
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminResidentUpdateRequest }) =>
      updateResident(id, body),
    onSuccess: refresh,
    onError: (error) => (isVersionConflict(error) ? refresh() : undefined),
  });
}
