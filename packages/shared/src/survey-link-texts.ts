/**
 * The texts of surveys by link (issue 35, ADR 059) that the server writes: the field messages of
 * contacts and campaigns, the public calls' answers, the line that says what a survey is about,
 * and the invitation and reminder mails, in English and Spanish (by the contact's language).
 * The public page's own texts live with the page.
 */
import type { ContactRelation } from './enums.js';

export const CONTACT_FIELD_MESSAGES = {
  mobile:
    'Enter the mobile number in international form, e.g. +15551234567 (a plus, the country code and the number).',
  relation:
    'Use one of self, spouse, child, parent, sibling, grandchild, friend, guardian, representative, other.',
  noAddress: 'Give an email address or a mobile number, or both.',
  optOutIsTheirs:
    "A contact's opt-out is theirs to undo: they reply START to a text message, or ask the facility in writing, and consent is recorded again.",
  contactNotFound: 'This contact does not exist.',
  languageNotOffered: (languages: readonly string[]) =>
    `Use a language the facility offers: ${languages.join(', ')}.`,
} as const;

export const CAMPAIGN_FIELD_MESSAGES = {
  channels: 'Choose email, text message (sms) or both.',
  audience: 'Use long_stay_families, discharged_home or contacts.',
  contactIds: 'Name at least one contact.',
  onDate: 'A campaign sent on a date needs the date (on).',
  afterDischargeDays: 'A campaign sent after discharge needs the number of days (days).',
  reminders: 'Reminders: a count of 0 to 3, every 1 to 60 days.',
} as const;

/**
 * The server's answers about campaigns. Apart from CAMPAIGN_FIELD_MESSAGES, which the shared
 * schemas use: the web app shows these as the `detail` it is sent, so they stay out of its bundle.
 */
export const CAMPAIGN_MESSAGES = {
  contactOtherFacility: 'A contact named belongs to another facility.',
  afterDischargeAudience: 'Only residents discharged home can be sent a survey after discharge.',
  questionnaireNotFound: 'This questionnaire does not exist.',
  questionnaireNotPublished: 'Publish the questionnaire before sending it.',
  campaignNotFound: 'This campaign does not exist.',
  alreadyPaused: 'The campaign is already paused.',
  notPaused: 'The campaign is not paused.',
} as const;

/** Answers of the public calls (no session). One neutral text for every link that does not work. */
export const PUBLIC_SURVEY_MESSAGES = {
  linkNotValid:
    'This survey link does not work. It may have expired or already been used. If you were expecting a survey, please contact the facility.',
  thankYou: 'Thank you. Your answers have been received.',
  unsubscribed: 'You will receive no more survey invitations from this facility.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  attemptsDelayed: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
} as const;

/** The languages the texts below are written in; others fall back to English. */
export const SURVEY_LINK_LANGUAGES = ['en', 'es'] as const;
export type SurveyLinkLanguage = (typeof SURVEY_LINK_LANGUAGES)[number];

export function surveyLinkLanguage(language: string): SurveyLinkLanguage {
  return (SURVEY_LINK_LANGUAGES as readonly string[]).includes(language)
    ? (language as SurveyLinkLanguage)
    : 'en';
}

/** Who the resident is to the contact (the reverse of the contact's relation), per language. */
const RESIDENT_IS: Record<SurveyLinkLanguage, Partial<Record<ContactRelation, string>>> = {
  en: {
    spouse: 'your spouse',
    child: 'your parent',
    parent: 'your child',
    sibling: 'your sibling',
    grandchild: 'your grandparent',
  },
  es: {
    spouse: 'su cónyuge',
    child: 'su padre o madre',
    parent: 'su hijo o hija',
    sibling: 'su hermano o hermana',
    grandchild: 'su abuelo o abuela',
  },
};

/**
 * What a survey is about, in words the recipient already knows: the facility, the resident's
 * first name only, and who the resident is to them ("your parent Maria's stay at Maple Grove").
 */
export function surveyAbout(
  language: string,
  relation: ContactRelation,
  firstName: string,
  facilityName: string,
): string {
  const lang = surveyLinkLanguage(language);
  const who = RESIDENT_IS[lang][relation];
  if (lang === 'es') {
    if (relation === 'self') return `Esta encuesta trata de su estancia en ${facilityName}.`;
    const person = who ? `${who} ${firstName}` : firstName;
    return `Esta encuesta trata de la estancia de ${person} en ${facilityName}.`;
  }
  if (relation === 'self') return `This survey is about your stay at ${facilityName}.`;
  const person = who ? `${who} ${firstName}'s` : `${firstName}'s`;
  return `This survey is about ${person} stay at ${facilityName}.`;
}

interface LinkMailTexts {
  subject: (facilityName: string) => string;
  reminderSubject: (facilityName: string) => string;
  greeting: (name: string) => string;
  ask: (facilityName: string) => string;
  open: string;
  expires: (date: string) => string;
  unsubscribe: string;
  signature: (facilityName: string) => string;
  sms: (facilityName: string, link: string) => string;
  smsReminder: (facilityName: string, link: string) => string;
}

/** The invitation and reminder mails and text messages (plain text), per language. */
export const SURVEY_LINK_MAIL: Record<SurveyLinkLanguage, LinkMailTexts> = {
  en: {
    subject: (facility) => `How was the care at ${facility}? A short survey`,
    reminderSubject: (facility) => `Reminder: a short survey from ${facility}`,
    greeting: (name) => `Dear ${name},`,
    ask: (facility) =>
      `${facility} would like to know how the care was. The survey takes a few minutes; your answers help the staff do better.`,
    open: 'Open the survey:',
    expires: (date) => `The link works until ${date} and can be used once.`,
    unsubscribe: 'To receive no more survey invitations, open:',
    signature: (facility) => `Thank you,\n${facility}`,
    sms: (facility, link) =>
      `${facility}: how was the care? A short survey: ${link} Reply STOP to opt out.`,
    smsReminder: (facility, link) =>
      `${facility}: a reminder of our short survey: ${link} Reply STOP to opt out.`,
  },
  es: {
    subject: (facility) => `¿Cómo fue la atención en ${facility}? Una breve encuesta`,
    reminderSubject: (facility) => `Recordatorio: una breve encuesta de ${facility}`,
    greeting: (name) => `Estimado/a ${name}:`,
    ask: (facility) =>
      `${facility} desea saber cómo fue la atención. La encuesta dura unos minutos; sus respuestas ayudan al personal a mejorar.`,
    open: 'Abra la encuesta:',
    expires: (date) => `El enlace funciona hasta el ${date} y se puede usar una vez.`,
    unsubscribe: 'Para no recibir más invitaciones a encuestas, abra:',
    signature: (facility) => `Gracias,\n${facility}`,
    sms: (facility, link) =>
      `${facility}: ¿cómo fue la atención? Una breve encuesta: ${link} Responda STOP para no recibir más.`,
    smsReminder: (facility, link) =>
      `${facility}: le recordamos nuestra breve encuesta: ${link} Responda STOP para no recibir más.`,
  },
};
