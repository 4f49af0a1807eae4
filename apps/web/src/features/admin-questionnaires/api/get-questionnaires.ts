import { type AdminQuestionnaireListResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET admin/questionnaires/: the questionnaires the administrator may see — their facilities'
 * Admission and Discharge questionnaires and those of the sets their facilities offer.
 */
export function getQuestionnaires(signal?: AbortSignal): Promise<AdminQuestionnaireListResponse> {
  return apiRequest('adminQuestionnaires', { signal });
}

export const questionnairesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-questionnaires'],
    queryFn: ({ signal }) => getQuestionnaires(signal),
  });

export function useQuestionnaires() {
  return useQuery(questionnairesQueryOptions());
}
