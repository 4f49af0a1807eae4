import { type DetailResponse, type ResidentDischargedRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SURVEY_LIST_QUERY_KEY } from './get-survey-list';

/**
 * POST resident-discharged/: marks the survey as not completable and the resident as discharged
 * with the reason, which takes all their open surveys off the due lists (ADR 005).
 */
export function residentDischarged(body: ResidentDischargedRequest): Promise<DetailResponse> {
  return apiRequest('residentDischarged', { body });
}

export function useResidentDischarged() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: residentDischarged,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SURVEY_LIST_QUERY_KEY] });
    },
  });
}
