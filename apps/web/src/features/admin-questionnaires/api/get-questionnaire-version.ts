import { type QuestionnaireVersion } from '@carevoice/shared';
import { apiRequest } from '@/lib/api-client';

/** GET admin/questionnaires/{id}/versions/{n}/: a published version, frozen. */
export function getQuestionnaireVersion(
  questionnaireId: string,
  version: number,
): Promise<QuestionnaireVersion> {
  return apiRequest('adminQuestionnaireVersion', {
    params: { questionnaireId, version: String(version) },
  });
}
