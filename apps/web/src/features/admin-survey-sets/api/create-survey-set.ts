import { type CreatedResponse, type CreateSurveySetRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST admin/survey-sets/: a new set offered by the given facilities (each the admin's). */
export function createSurveySet(body: CreateSurveySetRequest): Promise<CreatedResponse> {
  return apiRequest('adminCreateSurveySet', { body });
}

/**
 * Creates a set. Afterwards every cached answer is fetched again: the set belongs in this list
 * and in the Additional Surveys list of each facility that offers it.
 */
export function useCreateSurveySet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurveySet,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
