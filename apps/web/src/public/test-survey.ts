/** A small questionnaire as the public API sends it (the staff wire's questions, DESIGN §9). */
import type { PublicSurvey, Question } from './contract';

const logic = { required: true };

export const QUESTIONS: Question[] = [
  {
    id: 'q-care',
    key: 'care',
    type: 'Radio',
    name: 'How was the care?',
    values: { Good: 'q-recommend', Poor: null },
    validation_logic: logic,
    texts: { es: { name: '¿Cómo fue la atención?', values: { Good: 'Buena', Poor: 'Mala' } } },
  },
  {
    id: 'q-why',
    key: 'why',
    type: 'Text',
    name: 'What went wrong?',
    values: {},
    validation_logic: { required: false },
    texts: { es: { name: '¿Qué salió mal?', values: {} } },
  },
  {
    id: 'q-recommend',
    key: 'recommend',
    type: 'Radio',
    name: 'Would you recommend it?',
    values: { Yes: null, No: null },
    validation_logic: logic,
    texts: { es: { name: '¿Lo recomendaría?', values: { Yes: 'Sí', No: 'No' } } },
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
