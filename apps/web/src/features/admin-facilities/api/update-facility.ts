import { type AdminFacility, type UpdateFacilityRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * PATCH admin/facilities/{facilityId}/: a new name, settings or archived flag. 409 when someone
 * changed the facility since `version` was read.
 */
export function updateFacility(
  facilityId: string,
  body: UpdateFacilityRequest,
): Promise<AdminFacility> {
  return apiRequest('adminUpdateFacility', { params: { facilityId }, body });
}

/** Whether a save failed because the record changed since it was read (409). */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 409;
}

/**
 * Changes a facility. After a change — or a 409, when the list on screen is out of date —
 * every cached answer is fetched again: a facility's name and archived flag show in every
 * facility choice of the app (Home's, the other back-office screens').
 */
export function useUpdateFacility() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  return useMutation({
    mutationFn: ({ facilityId, body }: { facilityId: string; body: UpdateFacilityRequest }) =>
      updateFacility(facilityId, body),
    onSuccess: refresh,
    onError: (error) => (isVersionConflict(error) ? refresh() : undefined),
  });
}
