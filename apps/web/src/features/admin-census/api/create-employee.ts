import type { AdminEmployeeCreateRequest, CreatedResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** POST admin/facilities/{facilityId}/employees/: adds an employee. */
export function createEmployee(
  facilityId: string,
  body: AdminEmployeeCreateRequest,
): Promise<CreatedResponse> {
  return apiRequest('adminEmployeeCreate', { params: { facilityId }, body });
}

export function useCreateEmployee(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEmployeeCreateRequest) => createEmployee(facilityId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EMPLOYEES_QUERY_KEY, facilityId] }),
  });
}
