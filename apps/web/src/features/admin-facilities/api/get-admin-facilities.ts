import { type AdminFacilityListResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every cached list of the back office's facilities starts with this key. */
export const ADMIN_FACILITIES_QUERY_KEY = 'admin-facilities';

/**
 * GET admin/facilities/: the facilities the administrator holds (every one with
 * all_facility_access), archived ones flagged, with their settings and version.
 */
export function getAdminFacilities(signal?: AbortSignal): Promise<AdminFacilityListResponse> {
  return apiRequest('adminListFacilities', { signal });
}

export const adminFacilitiesQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_FACILITIES_QUERY_KEY],
    queryFn: ({ signal }) => getAdminFacilities(signal),
  });

export function useAdminFacilities() {
  return useQuery(adminFacilitiesQueryOptions());
}
