import { type CreatedResponse, type CreateFacilityRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST admin/facilities/: a new facility (both all-access flags needed); its id. */
export function createFacility(body: CreateFacilityRequest): Promise<CreatedResponse> {
  return apiRequest('adminCreateFacility', { body });
}

/**
 * Creates a facility. Afterwards every cached answer is fetched again: the new facility belongs
 * in the back office's lists and in every facility choice of the app.
 */
export function useCreateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFacility,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
