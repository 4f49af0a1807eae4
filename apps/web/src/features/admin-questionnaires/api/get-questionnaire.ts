import { type AdminQuestionnaireDetail } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET admin/questionnaires/{id}/: one questionnaire with its draft, published questions and versions. */
export function getQuestionnaire(
  questionnaireId: string,
  signal?: AbortSignal,
): Promise<AdminQuestionnaireDetail> {
  return apiRequest('adminQuestionnaire', { params: { questionnaireId }, signal });
}

export const questionnaireQueryOptions = (questionnaireId: string) =>
  queryOptions({
    queryKey: ['admin-questionnaires', questionnaireId],
    queryFn: ({ signal }) => getQuestionnaire(questionnaireId, signal),
    // The editor owns the draft once open: a refetch must not replace what is being typed.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export function useQuestionnaire(questionnaireId: string) {
  return useQuery(questionnaireQueryOptions(questionnaireId));
}
