/**
 * The texts of the results area and the alerts inbox (DESIGN §8, issue 16): the server's refusals
 * (RESULTS_MESSAGES, which the contract's schemas also use) and the alert mail. The screens'
 * texts (RESULTS_TEXT) are in results-screen-texts.ts, so that only the results screens' chunk
 * carries them (ADR 014's pattern).
 */
import {
  RESULTS_EXPORTS_PER_USER,
  RESULTS_FACILITIES_MAX,
  RESULTS_NOTE_MAX_LENGTH,
  RESULTS_SEARCH_MAX_LENGTH,
} from './limits.js';

export const RESULTS_MESSAGES = {
  tooManyFacilities: `Choose at most ${RESULTS_FACILITIES_MAX} facilities.`,
  surveyTypeInvalid: 'Use Admission or Discharge (a survey set: survey_set_id).',
  periodReversed: 'The end of the period is before its start.',
  typeOrSet: 'Choose a survey type or a survey set, not both.',
  kindRequired: 'Choose a survey type or a survey set.',
  keyInvalid: 'Not a valid key.',
  numberInvalid: 'Not a number.',
  statusInvalid: 'Use due, delayed, completed, not_completable or consent_refused.',
  questionRequired: 'Name the question (question_key) the answer belongs to.',
  answersOnlyCompleted: 'Only completed surveys have answers: leave out status or use completed.',
  searchTooLong: `Search for at most ${RESULTS_SEARCH_MAX_LENGTH} characters.`,
  searchInvalid: 'Remove the NUL character (U+0000).',
  alertStatusInvalid: 'Use open, acknowledged or resolved.',
  noteRequired: 'Write what was done.',
  noteTooLong: `At most ${RESULTS_NOTE_MAX_LENGTH} characters.`,
  surveySetNotInFacilities: 'The survey set is not offered by the facilities you chose.',
  surveyNotFound: 'Survey not found.',
  surveyNotSubmitted: 'This survey has not been submitted.',
  alertNotFound: 'Alert not found.',
  alertAlreadyAcknowledged: 'This alert has already been acknowledged.',
  alertAlreadyResolved: 'This alert has already been resolved.',
  alertAcknowledged: 'Alert acknowledged.',
  alertResolved: 'Alert resolved.',
  alertMailSaved: 'Your alert mail setting was saved.',
  printRecorded: 'The print was recorded.',
  tooManyExports: `You already have ${RESULTS_EXPORTS_PER_USER} exports in progress. Wait until one has finished downloading, then try again.`,
} as const;

/** The alert mail (DESIGN §8): no resident name and no answer in it, only where and a link. */
export const ALERT_MAIL_TEXT = {
  subject: (facility: string) => `CareVoice: a resident reported a problem at ${facility}`,
  body: (facility: string, link: string) =>
    [
      `A resident's survey answer at ${facility} needs attention.`,
      '',
      `Open the alerts inbox to see it and act on it: ${link}`,
      '',
      'You receive this mail because you hold Survey Results for this facility. You can switch',
      'alert mail off in the alerts inbox or on My account.',
    ].join('\n'),
} as const;
