/**
 * The texts of the self-serve survey page (`PUBLIC_URL/s/{token}`, DESIGN §9, ADR 063), in each
 * language a questionnaire can be offered in: the recipient reads the whole page — not only the
 * questions — in the language they chose. The words around a question (progress, Refused /
 * Don't know, Prev / Next) are the bedside's (RESIDENT_CONTROLS), so a question reads the same
 * on the tablet and on the phone.
 *
 * The page is its own small bundle (apps/web/src/public): this module imports nothing but the
 * bedside's controls, so it brings no other area's texts with it.
 */
import { RESIDENT_CONTROLS } from './bedside-texts.js';
import type { ResidentLanguage } from './enums.js';

export interface PublicSurveyTexts {
  /** The page's title (the browser tab). */
  title: string;
  loading: string;
  /** The welcome screen. */
  welcome: (facility: string) => string;
  howItWorks: string;
  start: string;
  resume: string;
  startOver: string;
  /** The language switch: its group's name and each language's own name. */
  language: string;
  languageNames: Record<ResidentLanguage, string>;
  progress: (position: number, total: number) => string;
  nonAnswers: (typeof RESIDENT_CONTROLS)[ResidentLanguage]['nonAnswers'];
  nonAnswerGroup: string;
  prev: string;
  next: string;
  optional: string;
  multiHelp: string;
  required: string;
  notANumber: string;
  /** A number outside the question's range (a Number's min / max, a Rating's 0–10). */
  outOfRange: (min: number | undefined, max: number | undefined) => string;
  /** The last screen before sending. */
  readyHeading: string;
  readyBody: (answered: number) => string;
  send: string;
  sending: string;
  /** Sending failed (no connection, a server error): the answers stay on the phone. */
  notSent: string;
  tryAgain: string;
  thanksHeading: string;
  thanksBody: (facility: string) => string;
  /** Unsubscribing from further surveys. */
  unsubscribe: string;
  unsubscribeHelp: string;
  unsubscribed: string;
  unsubscribeFailed: string;
  /** One neutral page for every link that cannot be used (unknown, expired, used). */
  unavailableHeading: string;
  unavailableBody: string;
  /** The page could not reach the server on its first load. */
  offlineHeading: string;
  offlineBody: string;
}

export const PUBLIC_SURVEY_TEXT = {
  en: {
    title: 'CareVoice survey',
    loading: 'Loading the survey…',
    welcome: (facility) => `A short survey from ${facility}`,
    howItWorks:
      'One question per screen. You can go back, answer "Refused" or "Don\'t know" where offered, and close the page: your answers so far stay on this device.',
    start: 'Start the survey',
    resume: 'Continue where you left off',
    startOver: 'Start again',
    language: 'Language',
    languageNames: { en: 'English', es: 'Español' },
    progress: RESIDENT_CONTROLS.en.progress,
    nonAnswers: RESIDENT_CONTROLS.en.nonAnswers,
    nonAnswerGroup: RESIDENT_CONTROLS.en.nonAnswerGroup,
    prev: 'Back',
    next: RESIDENT_CONTROLS.en.next,
    optional: 'Optional: you may leave it empty.',
    multiHelp: 'Choose all that apply.',
    required: 'Please answer this question, or choose one of the options below it.',
    notANumber: 'Please enter a number, for example 3.',
    outOfRange: (min, max) =>
      min !== undefined && max !== undefined
        ? `Please enter a number from ${min} to ${max}.`
        : min !== undefined
          ? `Please enter ${min} or more.`
          : `Please enter ${max ?? ''} or less.`,
    readyHeading: 'Ready to send',
    readyBody: (answered) =>
      `You answered ${answered} question${answered === 1 ? '' : 's'}. You can go back to change an answer, or send them now.`,
    send: 'Send my answers',
    sending: 'Sending…',
    notSent:
      'Your answers could not be sent: there seems to be no connection. They are kept on this device; try again when you are online.',
    tryAgain: 'Try again',
    thanksHeading: 'Thank you',
    thanksBody: (facility) => `Your answers have reached ${facility}. You can close this page.`,
    unsubscribe: 'Send me no more surveys',
    unsubscribeHelp: 'You will not receive survey invitations from this facility any more.',
    unsubscribed: 'Done: you will receive no more survey invitations from this facility.',
    unsubscribeFailed: 'That did not work: there seems to be no connection. Please try again.',
    unavailableHeading: 'This link cannot be used',
    unavailableBody:
      'The survey may have been answered already, or the link may have expired. If you would like to give your views, please contact the facility.',
    offlineHeading: 'No connection',
    offlineBody: 'The survey could not be loaded. Check your connection and try again.',
  },
  es: {
    title: 'Encuesta de CareVoice',
    loading: 'Cargando la encuesta…',
    welcome: (facility) => `Una breve encuesta de ${facility}`,
    howItWorks:
      'Una pregunta por pantalla. Puede volver atrás, responder "Prefiere no responder" o "No sabe" donde se ofrezca, y cerrar la página: sus respuestas se guardan en este dispositivo.',
    start: 'Comenzar la encuesta',
    resume: 'Continuar donde lo dejó',
    startOver: 'Empezar de nuevo',
    language: 'Idioma',
    languageNames: { en: 'English', es: 'Español' },
    progress: RESIDENT_CONTROLS.es.progress,
    nonAnswers: RESIDENT_CONTROLS.es.nonAnswers,
    nonAnswerGroup: RESIDENT_CONTROLS.es.nonAnswerGroup,
    prev: 'Atrás',
    next: RESIDENT_CONTROLS.es.next,
    optional: 'Opcional: puede dejarla en blanco.',
    multiHelp: 'Elija todas las que correspondan.',
    required: 'Responda esta pregunta, o elija una de las opciones que aparecen debajo.',
    notANumber: 'Escriba un número, por ejemplo 3.',
    outOfRange: (min, max) =>
      min !== undefined && max !== undefined
        ? `Escriba un número entre ${min} y ${max}.`
        : min !== undefined
          ? `Escriba ${min} o más.`
          : `Escriba ${max ?? ''} o menos.`,
    readyHeading: 'Listo para enviar',
    readyBody: (answered) =>
      `Respondió ${answered} pregunta${answered === 1 ? '' : 's'}. Puede volver atrás para cambiar una respuesta o enviarlas ahora.`,
    send: 'Enviar mis respuestas',
    sending: 'Enviando…',
    notSent:
      'No se pudieron enviar sus respuestas: parece que no hay conexión. Se guardan en este dispositivo; inténtelo de nuevo cuando tenga conexión.',
    tryAgain: 'Intentar de nuevo',
    thanksHeading: 'Gracias',
    thanksBody: (facility) => `Sus respuestas han llegado a ${facility}. Puede cerrar esta página.`,
    unsubscribe: 'No enviarme más encuestas',
    unsubscribeHelp: 'No recibirá más invitaciones a encuestas de este centro.',
    unsubscribed: 'Hecho: no recibirá más invitaciones a encuestas de este centro.',
    unsubscribeFailed: 'No funcionó: parece que no hay conexión. Inténtelo de nuevo.',
    unavailableHeading: 'Este enlace no se puede usar',
    unavailableBody:
      'Es posible que la encuesta ya se haya respondido o que el enlace haya caducado. Si desea dar su opinión, comuníquese con el centro.',
    offlineHeading: 'Sin conexión',
    offlineBody: 'No se pudo cargar la encuesta. Revise su conexión e inténtelo de nuevo.',
  },
} as const satisfies Record<ResidentLanguage, PublicSurveyTexts>;
