import { type CreateSurveyRequest, type CreateSurveyResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SURVEY_LIST_QUERY_KEY } from './get-survey-list';

/**
 * POST create-survey/: opens a survey for a resident who is not on the due list, or answers the
 * id of the one already open (ADR 005).
 */
export function createSurvey(body: CreateSurveyRequest): Promise<CreateSurveyResponse> {
  return apiRequest('createSurvey', { body });
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    // The new survey is due today, so it belongs on the due list from now on.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SURVEY_LIST_QUERY_KEY] });
    },
  });
}
