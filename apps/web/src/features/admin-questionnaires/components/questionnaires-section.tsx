import { useSearchParams } from 'react-router';
import { QUESTIONNAIRE_PARAM } from '../questionnaire-param';
import { QuestionnaireEditorScreen } from './questionnaire-editor-screen';
import { QuestionnairesScreen } from './questionnaires-screen';

/**
 * The builder's section of the back office: the list, or with `?id=<questionnaire>` in the
 * address that questionnaire's editor (so a reload, or a shared link, opens it again).
 */
export function QuestionnairesSection() {
  const [params] = useSearchParams();
  const questionnaireId = params.get(QUESTIONNAIRE_PARAM);
  return questionnaireId ? (
    <QuestionnaireEditorScreen questionnaireId={questionnaireId} />
  ) : (
    <QuestionnairesScreen />
  );
}
