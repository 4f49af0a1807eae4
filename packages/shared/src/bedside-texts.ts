/**
 * The texts of the bedside (issue 17, ADR 025–027, 032): the tablet's lock, the PIN card, the
 * honest non-answers, who answers, the finished survey's status, the question screen's helpers
 * and the offline app's banner and update prompt.
 * The spec's own texts stay in messages.ts, unchanged.
 */
import type { NonAnswer, Respondent, ResidentLanguage } from './enums.js';
import { MESSAGES, UI_TEXT } from './messages.js';

export const BEDSIDE_TEXT = {
  lock: {
    heading: 'Locked',
    help: (name: string) =>
      `This tablet locked itself after a while without use. ${name}, unlock it to go on where you were.`,
    secret: 'Password or PIN',
    unlock: 'Unlock',
    notYou: 'Not you? Sign in as someone else',
    secretRequired: 'Enter your password or PIN.',
    wrong: MESSAGES.unlockWrong,
    unlocked: 'Unlocked',
  },
  pin: {
    heading: 'PIN for unlocking',
    help: 'After a few minutes without use the tablet locks. A PIN of 4 to 6 digits unlocks it faster than your password; signing in still needs the password.',
    isSet: 'A PIN is set.',
    notSet: 'No PIN is set: the tablet unlocks with your password.',
    pin: 'New PIN (4 to 6 digits)',
    password: 'Current password',
    save: 'Set PIN',
    remove: 'Remove PIN',
    saved: 'Your PIN is set.',
    removed: 'Your PIN is removed.',
  },
  nonAnswers: {
    Refused: 'Refused',
    "Don't know": "Don't know",
  } satisfies Record<NonAnswer, string>,
  nonAnswerGroup: 'Or, instead of an answer',
  respondents: {
    resident: 'The resident',
    family: 'A family member',
    representative: 'Another representative',
  } satisfies Record<Respondent, string>,
  respondentLegend: 'Who is answering?',
  consentRefused: 'Consent refused',
  consentRefusedSaved: 'The refusal is recorded. The survey is closed.',
  progress: (position: number, total: number) => `Question ${position} of ${total}`,
  progressAbout: (position: number, total: number) => `Question ${position} of about ${total}`,
  characters: (count: number, max: number) => `${count} / ${max} characters`,
  textSize: 'Text size',
  textSizes: { normal: 'Normal', large: 'Large', larger: 'Larger' },
  language: 'Language of the questions',
  surveyLanguageHelp:
    "For this survey only. The resident's preferred language is kept in Administration, Residents.",
  home: 'Home',
  back: 'Back',
  leaveHeading: 'Leave this survey?',
  leaveBody: 'The answers so far stay on this tablet; you can continue the survey from Home.',
  leave: 'Leave survey',
  stay: 'Stay',
  finishedHeading: 'This survey is finished',
  finishedSent: (patient: string, type: string, when: string) =>
    `${patient} - ${type} Survey was submitted ${when}. It cannot be answered again.`,
  finishedQueued: (patient: string, type: string) =>
    `${patient} - ${type} Survey is finished and waits on this tablet to be sent. It cannot be answered again.`,
  sent: (count: number) => (count === 1 ? '1 survey sent' : `${count} surveys sent`),
  /** The offline app (ADR 032): what works without a connection, and a new version's prompt. */
  offline:
    'You are offline. Surveys in progress can be finished; answers are sent when the connection returns.',
  updateReady: 'A new version of CareVoice is ready.',
  updateReload: 'Reload',
  updateRegion: 'New version',
  overdue: 'Overdue',
  dueToday: 'Due today',
  due: (date: string) => `Due ${date}`,
  /** A resident card's mark when the resident prefers a language other than English (ADR 033). */
  prefersLanguage: (language: string) => `Prefers ${language}`,
} as const;

/**
 * What the resident reads around a question besides its own words — the progress line, Refused /
 * Don't know and Prev / Next — in the language the questions are shown in (ADR 033, amended).
 * English is the spec's wording; the rest of the staff's screens stay in English.
 */
export const RESIDENT_CONTROLS = {
  en: {
    progress: BEDSIDE_TEXT.progress,
    nonAnswers: BEDSIDE_TEXT.nonAnswers,
    nonAnswerGroup: BEDSIDE_TEXT.nonAnswerGroup,
    prev: UI_TEXT.questions.prev,
    next: UI_TEXT.questions.next,
  },
  es: {
    progress: (position: number, total: number) => `Pregunta ${position} de ${total}`,
    nonAnswers: { Refused: 'Prefiere no responder', "Don't know": 'No sabe' },
    nonAnswerGroup: 'O, en lugar de una respuesta',
    prev: 'Anterior',
    next: 'Siguiente',
  },
} as const satisfies Record<
  ResidentLanguage,
  {
    progress: (position: number, total: number) => string;
    nonAnswers: Record<NonAnswer, string>;
    nonAnswerGroup: string;
    prev: string;
    next: string;
  }
>;
