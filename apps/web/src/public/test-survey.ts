/** A small questionnaire as the public API sends it (draft format, DESIGN §9), for the page's tests. */
import type { DraftQuestion } from '@carevoice/shared';
import type { PublicSurvey } from './contract';

const option = (key: string, en: string, es: string, next: string | null = null) => ({
  key,
  label: { en, es },
  next,
});

export const QUESTIONS: DraftQuestion[] = [
  {
    key: 'care',
    type: 'Radio',
    text: { en: 'How was the care?', es: '¿Cómo fue la atención?' },
    options: [option('good', 'Good', 'Buena', 'recommend'), option('poor', 'Poor', 'Mala')],
    required: true,
  },
  {
    key: 'why',
    type: 'Text',
    text: { en: 'What went wrong?', es: '¿Qué salió mal?' },
    options: [],
    required: false,
  },
  {
    key: 'recommend',
    type: 'Radio',
    text: { en: 'Would you recommend it?', es: '¿Lo recomendaría?' },
    options: [option('yes', 'Yes', 'Sí'), option('no', 'No', 'No')],
    required: true,
  },
];

export const SURVEY: PublicSurvey = {
  facility_name: 'Maple Grove',
  about: "Your mother's stay at Maple Grove",
  language: 'es',
  languages: ['en', 'es'],
  questions: QUESTIONS,
  answers_so_far: [],
};
