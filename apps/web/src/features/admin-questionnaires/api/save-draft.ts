import { type SaveDraftRequest, type SaveDraftResponse } from '@carevoice/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * PUT admin/questionnaires/{id}/draft/: the whole draft (null ends it) at the version the editor
 * last had; its problems and the new version. 409 when another save or a publish came first.
 */
export function saveDraft(
  questionnaireId: string,
  body: SaveDraftRequest,
): Promise<SaveDraftResponse> {
  return apiRequest('adminSaveQuestionnaireDraft', { params: { questionnaireId }, body });
}
