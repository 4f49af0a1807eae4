import type { DraftQuestion } from '@carevoice/shared';

const option = (
  key: string,
  en: string,
  es: string,
  extra: { next?: string; alert?: boolean } = {},
) => ({
  key,
  label: { en, es },
  next: extra.next ?? null,
  ...(extra.alert ? { alert: true } : {}),
});

/**
 * The built-in resident satisfaction template (written by us, ADR 017): a general satisfaction
 * survey in English and Spanish that uses every question type and a branch, to start from.
 */
export const RESIDENT_SATISFACTION_TEMPLATE: readonly DraftQuestion[] = [
  {
    key: 'overall',
    type: 'Radio',
    text: {
      en: 'Overall, how satisfied are you with the care you receive here?',
      es: 'En general, ¿qué tan satisfecho/a está con la atención que recibe aquí?',
    },
    options: [
      option('very-satisfied', 'Very satisfied', 'Muy satisfecho/a', { next: 'staff' }),
      option('satisfied', 'Satisfied', 'Satisfecho/a', { next: 'staff' }),
      option('unsatisfied', 'Unsatisfied', 'Insatisfecho/a'),
      option('very-unsatisfied', 'Very unsatisfied', 'Muy insatisfecho/a', { alert: true }),
    ],
    required: true,
    allow_non_answer: true,
  },
  {
    key: 'improve',
    type: 'Text',
    text: {
      en: 'What is the most important thing we could do better?',
      es: '¿Qué es lo más importante que podríamos hacer mejor?',
    },
    options: [],
    required: false,
    allow_non_answer: true,
  },
  {
    key: 'staff',
    type: 'Picklist',
    text: {
      en: 'How often do staff treat you with courtesy and respect?',
      es: '¿Con qué frecuencia el personal le trata con cortesía y respeto?',
    },
    options: [
      option('always', 'Always', 'Siempre'),
      option('usually', 'Usually', 'Casi siempre'),
      option('sometimes', 'Sometimes', 'A veces'),
      option('never', 'Never', 'Nunca', { alert: true }),
    ],
    required: true,
    allow_non_answer: true,
  },
  {
    key: 'call-wait',
    type: 'Number',
    text: {
      en: 'About how many minutes do you usually wait after using the call button?',
      es: '¿Cuántos minutos suele esperar después de usar el botón de llamada?',
    },
    options: [],
    required: true,
    number: { value: 10, less: 'enjoy', equal: null, greater: null },
    allow_non_answer: true,
  },
  {
    key: 'call-wait-when',
    type: 'Text',
    text: {
      en: 'When do you usually wait longest?',
      es: '¿Cuándo suele esperar más?',
    },
    options: [],
    required: false,
    allow_non_answer: true,
  },
  {
    key: 'enjoy',
    type: 'MultiPicklist',
    text: {
      en: 'Which parts of daily life here do you enjoy?',
      es: '¿Qué partes de la vida diaria aquí disfruta?',
    },
    options: [
      option('meals', 'Meals', 'Comidas'),
      option('activities', 'Activities', 'Actividades'),
      option('outdoors', 'Time outdoors', 'Tiempo al aire libre'),
      option('visits', 'Visits', 'Visitas'),
    ],
    required: false,
    allow_non_answer: true,
  },
  {
    key: 'recommend',
    type: 'Radio',
    text: {
      en: 'Would you recommend us to a friend or family member?',
      es: '¿Nos recomendaría a un amigo o familiar?',
    },
    options: [
      option('yes', 'Yes', 'Sí'),
      option('maybe', 'Maybe', 'Tal vez'),
      option('no', 'No', 'No'),
    ],
    required: true,
    allow_non_answer: true,
  },
];
