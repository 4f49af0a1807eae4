import { type DiscardDraftResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * DELETE admin/questionnaires/{id}/draft/ (ADR 051): the draft made at `version` is discarded,
 * the questionnaire is its published version again; the version afterwards. 409 when another
 * save, a publish or a discard came first.
 */
export function discardDraft(
  questionnaireId: string,
  version: number,
): Promise<DiscardDraftResponse> {
  return apiRequest('adminDiscardQuestionnaireDraft', {
    params: { questionnaireId },
    body: { version },
  });
}

/** Discards; afterwards the questionnaire list and this questionnaire are fetched again. */
export function useDiscardDraft(questionnaireId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => discardDraft(questionnaireId, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-questionnaires'] }),
  });
}
