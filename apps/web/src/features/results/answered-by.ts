import { RESULTS_TEXT, type Respondent, type SurveyChannel } from '@carevoice/shared';

/** Who answered, in words ("not recorded" for a survey submitted before it was asked, ADR 026). */
export function respondentLabel(respondent: Respondent | null): string {
  return RESULTS_TEXT.respondents[respondent ?? 'none'];
}

/** How the survey was taken, in words (DESIGN §9). */
export function channelLabel(channel: SurveyChannel): string {
  return RESULTS_TEXT.channels[channel];
}
