import { type AdminSetup } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET admin/setup/ (ADR 051): what the first-run checklist ticks off. */
export function getAdminSetup(signal?: AbortSignal): Promise<AdminSetup> {
  return apiRequest('adminSetup', { signal });
}

/** Fetched each time the checklist is shown: a step done on another screen ticks it off. */
export const adminSetupQueryOptions = () =>
  queryOptions({ queryKey: ['admin-setup'], queryFn: ({ signal }) => getAdminSetup(signal) });

export function useAdminSetup(enabled = true) {
  return useQuery({ ...adminSetupQueryOptions(), enabled });
}
