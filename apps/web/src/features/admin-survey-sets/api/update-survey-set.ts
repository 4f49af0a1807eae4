import { type AdminSurveySet, type UpdateSurveySetRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * PATCH admin/survey-sets/{surveySetId}/: a new name, or the facilities (among the
 * administrator's) that offer the set; the set's other facilities stay. 409 on a stale version.
 */
export function updateSurveySet(
  surveySetId: string,
  body: UpdateSurveySetRequest,
): Promise<AdminSurveySet> {
  return apiRequest('adminUpdateSurveySet', { params: { surveySetId }, body });
}

/**
 * Changes a set. After a change — or a 409, when the list on screen is out of date — every
 * cached answer is fetched again (the facilities' Additional Surveys lists follow the change).
 */
export function useUpdateSurveySet() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  return useMutation({
    mutationFn: ({ surveySetId, body }: { surveySetId: string; body: UpdateSurveySetRequest }) =>
      updateSurveySet(surveySetId, body),
    onSuccess: refresh,
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}
