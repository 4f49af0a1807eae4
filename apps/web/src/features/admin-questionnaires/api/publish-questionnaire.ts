import { type PublishResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST admin/questionnaires/{id}/publish/: the saved draft becomes the next version (400 with
 * every problem while an error remains, 409 when the editor's version is stale).
 */
export function publishQuestionnaire(
  questionnaireId: string,
  version: number,
): Promise<PublishResponse> {
  return apiRequest('adminPublishQuestionnaire', {
    params: { questionnaireId },
    body: { version },
  });
}

/** Publishes; afterwards every cached answer is fetched again (the staff's questions changed). */
export function usePublishQuestionnaire(questionnaireId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => publishQuestionnaire(questionnaireId, version),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
