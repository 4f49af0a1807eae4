import { type DetailResponse, type SurveyBreakOffRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST users/survey-break-off/ (ADR 060): the interview ends early; the answers given are kept
 * and the survey closes as partial. Not queued on the device: a repeat is 409.
 */
export function surveyBreakOff(body: SurveyBreakOffRequest): Promise<DetailResponse> {
  return apiRequest('surveyBreakOff', { body });
}

export function useSurveyBreakOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: surveyBreakOff,
    // The survey left the due list.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
