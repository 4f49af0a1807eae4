/**
 * The texts of the questionnaire builder's CAHPS fields (issue 34 item 5; ADR 060): the
 * interviewer text, where Refused and Don't know lead, a Number's range and a Rating's end
 * labels. Apart from interview-texts.ts, which the runner and so every page's shared code
 * carries, so that only the fields' own lazily loaded chunk (cahps-fields.tsx) carries them; the
 * "End the interview" target of an option's select is ADMIN_TEXT.questionnaires.endOption
 * (docs/performance.md).
 */
import { RATING_MAX, RATING_MIN } from './survey-engine.js';

export const INTERVIEW_BUILDER_TEXT = {
  interviewerText: 'Interviewer text (staff only, not read out as the question)',
  interviewerTextSpanish: 'Interviewer text in Spanish',
  nonAnswerNext: 'Refused and Don’t know follow',
  nonAnswerNextToNext: 'The next question',
  nonAnswerNextOption: (label: string) => `The branch of “${label}”`,
  min: 'Smallest answer',
  max: 'Largest answer',
  ratingLow: 'Label at 0',
  ratingHigh: 'Label at 10',
  ratingLowSpanish: 'Label at 0 in Spanish',
  ratingHighSpanish: 'Label at 10 in Spanish',
  ratingHelp: `Residents answer with a whole number from ${RATING_MIN} to ${RATING_MAX}.`,
} as const;
