import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuditFilters } from './get-audit-events';

/** GET admin/audit-events/export/: every matching event as CSV text. */
export function exportAuditEvents(filters: AuditFilters): Promise<string> {
  return apiRequest('adminExportAuditEvents', { query: filters });
}

/**
 * Hands CSV text to the browser as a download named `filename`, with the byte-order mark that
 * tells spreadsheets it is UTF-8 (reading the answer as text dropped the server's).
 */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([`\uFEFF${csv.replace(/^\uFEFF/, '')}`], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click has been handled: some browsers start the download a turn later.
  setTimeout(() => URL.revokeObjectURL(url));
}

export function useExportAuditEvents() {
  return useMutation({ mutationFn: exportAuditEvents });
}
