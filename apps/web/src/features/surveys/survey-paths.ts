import { UI_TEXT, type ResidentSurveyType } from '@carevoice/shared';
import { paths } from '@/config/paths';

/** The choice screen of a survey type (spec §2): Admission or Discharge choice. */
export function choicePath(surveyType: ResidentSurveyType): string {
  return surveyType === 'Admission' ? paths.admissionSurveyAsking : paths.dischargeSurveyAsking;
}

/** The question "Can't Complete" asks, which differs by survey type (spec §2). */
export function dischargePrompt(surveyType: ResidentSurveyType): string {
  return surveyType === 'Admission'
    ? UI_TEXT.surveys.admissionDischargePrompt
    : UI_TEXT.surveys.dischargeDischargePrompt;
}
