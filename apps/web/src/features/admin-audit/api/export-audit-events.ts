import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuditFilters } from './get-audit-events';

/** GET admin/audit-events/export/: every matching event as CSV text. */
export function exportAuditEvents(filters: AuditFilters): Promise<string> {
  return apiRequest('adminExportAuditEvents', { query: filters });
}

export function useExportAuditEvents() {
  return useMutation({ mutationFn: exportAuditEvents });
}
