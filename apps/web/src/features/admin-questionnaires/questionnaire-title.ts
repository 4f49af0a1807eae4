import { ADMIN_TEXT, type AdminQuestionnaire } from '@carevoice/shared';

const text = ADMIN_TEXT.questionnaires;

/** What a questionnaire is, as people read it: "Maple Grove — Admission survey", or a set's name. */
export function questionnaireTitle(
  questionnaire: Pick<AdminQuestionnaire, 'name' | 'survey_type'>,
): string {
  return questionnaire.survey_type
    ? `${questionnaire.name} — ${text.surveyTypeLabel(questionnaire.survey_type)}`
    : `${questionnaire.name} — ${text.setLabel}`;
}
