import type { AdminEmployee, AdminEmployeeUpdateRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';
import { isVersionConflict } from './update-resident';

/** PATCH admin/employees/{employeeId}/: at the version the list showed; 409 when stale. */
export function updateEmployee(
  employeeId: string,
  body: AdminEmployeeUpdateRequest,
): Promise<AdminEmployee> {
  return apiRequest('adminEmployeeUpdate', { params: { employeeId }, body });
}

export function useUpdateEmployee(facilityId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: [EMPLOYEES_QUERY_KEY, facilityId] });
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminEmployeeUpdateRequest }) =>
      updateEmployee(id, body),
    onSuccess: refresh,
    onError: (error) => (isVersionConflict(error) ? refresh() : undefined),
  });
}
