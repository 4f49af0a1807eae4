/**
 * The standard questionnaires: the Admission and Discharge questions every new facility starts
 * with (and the demo facilities have), until an administrator writes their own. Templates name
 * questions by key; `questionRows` turns one into question rows with ids of the caller's choice.
 */
import type { QuestionType } from '@carevoice/shared';
import type { Insertable } from 'kysely';
import type { Database } from './database.js';
import { questionColumns } from './values.js';

/**
 * A question in a template. `options` lists the answer labels in display order, separated by
 * ' | '; `label > key` makes that answer jump to the later question `key`. Threshold targets
 * name later questions by key too (null = next in sequence).
 */
export interface QuestionSpec {
  key: string;
  name: string;
  type: QuestionType;
  required: boolean;
  options?: string;
  threshold?: { value: number; less: string | null; equal: string | null; greater: string | null };
  /** Range of demo Number answers. */
  range?: [number, number];
}

function parseOptions(options: string | undefined): [label: string, targetKey: string | null][] {
  if (!options) return [];
  return options.split(' | ').map((option) => {
    const [label = '', target] = option.split(' > ');
    return [label, target ?? null];
  });
}

export const ADMISSION: QuestionSpec[] = [
  {
    key: 'welcome',
    name: 'How welcome did you feel when you arrived?',
    type: 'Radio',
    required: true,
    options:
      'Very welcome > care-plan | Welcome > care-plan | Not very welcome | Not at all welcome',
  },
  {
    key: 'arrival',
    name: 'What could we have done to make your arrival easier?',
    type: 'Text',
    required: false,
  },
  {
    key: 'care-plan',
    name: 'How clearly did the team explain your care plan?',
    type: 'Picklist',
    required: true,
    options: 'Very clearly | Clearly | Not clearly | Not explained yet',
  },
  {
    key: 'room',
    name: 'On a scale of 0 to 10, how comfortable is your room?',
    type: 'Number',
    required: true,
    threshold: { value: 7, less: null, equal: 'services', greater: 'services' },
    range: [3, 10],
  },
  {
    key: 'room-better',
    name: 'What would make your room more comfortable?',
    type: 'Text',
    required: false,
  },
  {
    key: 'services',
    name: 'Which services have you used so far?',
    type: 'MultiPicklist',
    required: true,
    options: 'Dining | Therapy | Activities | Laundry | None of these yet > recommend',
  },
  {
    key: 'most-helpful',
    name: 'Which service has helped you most so far?',
    type: 'Picklist',
    required: false,
    options: 'Dining | Therapy | Activities | Laundry',
  },
  {
    key: 'recommend',
    name: 'Would you recommend us to a friend or family member?',
    type: 'Radio',
    required: true,
    options: 'Yes | Maybe | No',
  },
  {
    key: 'anything-else',
    name: 'Is there anything else you would like us to know?',
    type: 'Text',
    required: false,
  },
];

export const DISCHARGE: QuestionSpec[] = [
  {
    key: 'overall',
    name: 'Overall, how satisfied were you with your stay?',
    type: 'Radio',
    required: true,
    options: 'Very satisfied > notice | Satisfied > notice | Unsatisfied | Very unsatisfied',
  },
  {
    key: 'reason',
    name: 'What was the main reason you were not satisfied?',
    type: 'Text',
    required: true,
  },
  {
    key: 'notice',
    name: 'How many days before your discharge were you told the date?',
    type: 'Number',
    required: true,
    threshold: { value: 2, less: null, equal: 'food', greater: 'food' },
    range: [0, 7],
  },
  {
    key: 'prepare',
    name: 'How could we have prepared you better for going home?',
    type: 'Text',
    required: false,
  },
  {
    key: 'food',
    name: 'How would you rate the food during your stay?',
    type: 'Picklist',
    required: true,
    options: 'Excellent | Good | Fair | Poor',
  },
  {
    key: 'teams',
    name: 'Which teams made your stay better?',
    type: 'MultiPicklist',
    required: false,
    options: 'Nursing | Therapy | Dining | Housekeeping | Activities',
  },
  {
    key: 'again',
    name: 'Would you choose us again?',
    type: 'Radio',
    required: true,
    options: 'Yes | No | Not sure',
  },
  { key: 'comments', name: 'Any other comments about your stay?', type: 'Text', required: false },
];

/** The question rows of a template, in order; `idOf` gives each question's id from its key. */
export function questionRows(
  questionnaireId: string,
  specs: readonly QuestionSpec[],
  idOf: (key: string) => string,
): (Insertable<Database['questions']> & { id: string })[] {
  const target = (key: string | null) => (key === null ? null : idOf(key));
  return specs.map((spec, position) => ({
    id: idOf(spec.key),
    questionnaire_id: questionnaireId,
    position,
    name: spec.name,
    type: spec.type,
    ...questionColumns(
      parseOptions(spec.options).map(([label, next]) => [label, target(next)] as const),
      spec.threshold
        ? {
            required: spec.required,
            value: spec.threshold.value,
            less: target(spec.threshold.less),
            greater: target(spec.threshold.greater),
            equal: target(spec.threshold.equal),
          }
        : { required: spec.required },
    ),
  }));
}

/**
 * Rows of a new facility's Admission and Discharge questionnaires from the standard templates,
 * with fresh ids from `newId`. Insert them in the transaction that creates the facility.
 */
export function standardQuestionnaireRows(
  facility: { id: string; name: string },
  newId: () => string,
): {
  questionnaires: Insertable<Database['questionnaires']>[];
  questions: Insertable<Database['questions']>[];
} {
  const questionnaires: Insertable<Database['questionnaires']>[] = [];
  const questions: Insertable<Database['questions']>[] = [];
  for (const [type, specs] of [
    ['Admission', ADMISSION],
    ['Discharge', DISCHARGE],
  ] as const) {
    const id = newId();
    questionnaires.push({
      id,
      name: `${facility.name} — ${type}`,
      facility_id: facility.id,
      survey_type: type,
      survey_set_id: null,
    });
    const ids = new Map(specs.map((spec) => [spec.key, newId()]));
    questions.push(...questionRows(id, specs, (key) => ids.get(key) as string));
  }
  return { questionnaires, questions };
}
