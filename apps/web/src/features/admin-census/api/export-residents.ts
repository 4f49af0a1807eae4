import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET admin/facilities/{facilityId}/residents/export/: the census as CSV text. */
export function exportResidents(facilityId: string): Promise<string> {
  return apiRequest('adminResidentsExport', { params: { facilityId } });
}

export function useExportResidents(facilityId: string) {
  return useMutation({ mutationFn: () => exportResidents(facilityId) });
}
