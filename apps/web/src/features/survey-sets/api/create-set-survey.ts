import { type CreateSetSurveyRequest, type CreateSurveyResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST create-as-needed-survey/: a new set survey for a resident. */
export function createSetSurvey(body: CreateSetSurveyRequest): Promise<CreateSurveyResponse> {
  return apiRequest('createSetSurvey', { body });
}

export function useCreateSetSurvey() {
  return useMutation({ mutationFn: createSetSurvey });
}
