import { type AdminSurveySetListResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET admin/survey-sets/: the survey sets the administrator's facilities offer (every set with
 * all_facility_access), each with every facility that offers it.
 */
export function getAdminSurveySets(signal?: AbortSignal): Promise<AdminSurveySetListResponse> {
  return apiRequest('adminListSurveySets', { signal });
}

export const adminSurveySetsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-survey-sets'],
    queryFn: ({ signal }) => getAdminSurveySets(signal),
  });

export function useAdminSurveySets() {
  return useQuery(adminSurveySetsQueryOptions());
}
