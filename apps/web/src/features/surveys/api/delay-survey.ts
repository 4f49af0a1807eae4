import { type DelaySurveyRequest, type DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SURVEY_LIST_QUERY_KEY } from './get-survey-list';

/** POST delay-survey/: moves an open Discharge survey to a later date (ADR 005). */
export function delaySurvey(body: DelaySurveyRequest): Promise<DetailResponse> {
  return apiRequest('delaySurvey', { body });
}

export function useDelaySurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: delaySurvey,
    // The survey's due date changed: the lists show it with the new date.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SURVEY_LIST_QUERY_KEY] });
    },
  });
}
