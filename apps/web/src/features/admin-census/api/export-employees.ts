import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET admin/facilities/{facilityId}/employees/export/: the staff list as CSV text. */
export function exportEmployees(facilityId: string): Promise<string> {
  return apiRequest('adminEmployeesExport', { params: { facilityId } });
}

export function useExportEmployees(facilityId: string) {
  return useMutation({ mutationFn: () => exportEmployees(facilityId) });
}
