import { type AuditEventPage, type AuditExportQuery } from '@carevoice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The audit log's filters (the list's query without its page cursor). */
export type AuditFilters = AuditExportQuery;

/**
 * GET admin/audit-events/: one page of the events the administrator may see, newest first,
 * and the cursor of the next page.
 */
export function getAuditEvents(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditEventPage> {
  return apiRequest('adminListAuditEvents', {
    query: { ...filters, ...(cursor === undefined ? {} : { cursor }) },
    signal,
  });
}

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin-audit-events', filters],
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** The pages read so far ("Show more" reads the next one); nothing while `enabled` is false. */
export function useAuditEvents(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({ ...auditEventsQueryOptions(filters), enabled });
}
