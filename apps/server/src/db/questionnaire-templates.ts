/**
 * The standard questionnaires: the Admission and Discharge questions every new facility starts
 * with (and the demo facilities have), published as version 1, until an administrator writes
 * their own. Templates name questions by key; `templateDraft` turns one into the builder's draft
 * questions (option keys from the English labels, Spanish texts, alert flags), and
 * `standardQuestionnaireRows` into a new facility's rows.
 */
import type { DraftQuestion, QuestionType } from '@carevoice/shared';
import type { Insertable } from 'kysely';
import type { Database } from './database.js';
import { versionRows } from './questionnaire-rows.js';

/**
 * A question in a template. `options` lists the answer labels in display order, separated by
 * ' | '; `label > key` makes that answer jump to the later question `key`. `es` and `optionsEs`
 * are the Spanish texts (the labels in the same order). Threshold targets name later questions by
 * key too (null = next in sequence). `alerts`: English labels whose choice raises an alert;
 * `alertBelow`: a Number answer below it raises one.
 */
export interface QuestionSpec {
  key: string;
  name: string;
  es: string;
  type: QuestionType;
  required: boolean;
  options?: string;
  optionsEs?: string;
  threshold?: { value: number; less: string | null; equal: string | null; greater: string | null };
  alerts?: string[];
  alertBelow?: number;
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

/** `Not at all welcome` → `not-at-all-welcome`: an option's stable key. */
export function optionKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A template as the builder's draft questions; `commentBox`: a survey set's questions. */
export function templateDraft(
  specs: readonly QuestionSpec[],
  options: { commentBox?: boolean } = {},
): DraftQuestion[] {
  return specs.map((spec) => {
    const spanish = spec.optionsEs?.split(' | ') ?? [];
    return {
      key: spec.key,
      type: spec.type,
      text: { en: spec.name, es: spec.es },
      options: parseOptions(spec.options).map(([label, next], index) => ({
        key: optionKey(label),
        label: spanish[index] ? { en: label, es: spanish[index] } : { en: label },
        next,
        ...(spec.alerts?.includes(label) ? { alert: true } : {}),
      })),
      required: spec.required,
      ...(spec.threshold
        ? {
            number: {
              ...spec.threshold,
              ...(spec.alertBelow === undefined ? {} : { alert_below: spec.alertBelow }),
            },
          }
        : {}),
      ...(options.commentBox ? { comment_box: true } : {}),
      allow_non_answer: true,
    };
  });
}

export const ADMISSION: QuestionSpec[] = [
  {
    key: 'welcome',
    name: 'How welcome did you feel when you arrived?',
    es: '¿Qué tan bienvenido/a se sintió cuando llegó?',
    type: 'Radio',
    required: true,
    options:
      'Very welcome > care-plan | Welcome > care-plan | Not very welcome | Not at all welcome',
    optionsEs: 'Muy bienvenido/a | Bienvenido/a | No muy bienvenido/a | Nada bienvenido/a',
    alerts: ['Not at all welcome'],
  },
  {
    key: 'arrival',
    name: 'What could we have done to make your arrival easier?',
    es: '¿Qué podríamos haber hecho para facilitar su llegada?',
    type: 'Text',
    required: false,
  },
  {
    key: 'care-plan',
    name: 'How clearly did the team explain your care plan?',
    es: '¿Con qué claridad le explicó el equipo su plan de cuidados?',
    type: 'Picklist',
    required: true,
    options: 'Very clearly | Clearly | Not clearly | Not explained yet',
    optionsEs: 'Muy claramente | Claramente | Poco claramente | Todavía no me lo explicaron',
  },
  {
    key: 'room',
    name: 'On a scale of 0 to 10, how comfortable is your room?',
    es: 'En una escala del 0 al 10, ¿qué tan cómoda es su habitación?',
    type: 'Number',
    required: true,
    threshold: { value: 7, less: null, equal: 'services', greater: 'services' },
    alertBelow: 4,
    range: [3, 10],
  },
  {
    key: 'room-better',
    name: 'What would make your room more comfortable?',
    es: '¿Qué haría su habitación más cómoda?',
    type: 'Text',
    required: false,
  },
  {
    key: 'services',
    name: 'Which services have you used so far?',
    es: '¿Qué servicios ha usado hasta ahora?',
    type: 'MultiPicklist',
    required: true,
    options: 'Dining | Therapy | Activities | Laundry | None of these yet > recommend',
    optionsEs: 'Comedor | Terapia | Actividades | Lavandería | Ninguno todavía',
  },
  {
    key: 'most-helpful',
    name: 'Which service has helped you most so far?',
    es: '¿Qué servicio le ha ayudado más hasta ahora?',
    type: 'Picklist',
    required: false,
    options: 'Dining | Therapy | Activities | Laundry',
    optionsEs: 'Comedor | Terapia | Actividades | Lavandería',
  },
  {
    key: 'recommend',
    name: 'Would you recommend us to a friend or family member?',
    es: '¿Nos recomendaría a un amigo o familiar?',
    type: 'Radio',
    required: true,
    options: 'Yes | Maybe | No',
    optionsEs: 'Sí | Tal vez | No',
  },
  {
    key: 'anything-else',
    name: 'Is there anything else you would like us to know?',
    es: '¿Hay algo más que le gustaría que supiéramos?',
    type: 'Text',
    required: false,
  },
];

export const DISCHARGE: QuestionSpec[] = [
  {
    key: 'overall',
    name: 'Overall, how satisfied were you with your stay?',
    es: 'En general, ¿qué tan satisfecho/a quedó con su estancia?',
    type: 'Radio',
    required: true,
    options: 'Very satisfied > notice | Satisfied > notice | Unsatisfied | Very unsatisfied',
    optionsEs: 'Muy satisfecho/a | Satisfecho/a | Insatisfecho/a | Muy insatisfecho/a',
    alerts: ['Very unsatisfied'],
  },
  {
    key: 'reason',
    name: 'What was the main reason you were not satisfied?',
    es: '¿Cuál fue la razón principal por la que no quedó satisfecho/a?',
    type: 'Text',
    required: true,
  },
  {
    key: 'notice',
    name: 'How many days before your discharge were you told the date?',
    es: '¿Con cuántos días de anticipación le informaron la fecha de su alta?',
    type: 'Number',
    required: true,
    threshold: { value: 2, less: null, equal: 'food', greater: 'food' },
    alertBelow: 1,
    range: [0, 7],
  },
  {
    key: 'prepare',
    name: 'How could we have prepared you better for going home?',
    es: '¿Cómo podríamos haberle preparado mejor para volver a casa?',
    type: 'Text',
    required: false,
  },
  {
    key: 'food',
    name: 'How would you rate the food during your stay?',
    es: '¿Cómo calificaría la comida durante su estancia?',
    type: 'Picklist',
    required: true,
    options: 'Excellent | Good | Fair | Poor',
    optionsEs: 'Excelente | Buena | Regular | Mala',
    alerts: ['Poor'],
  },
  {
    key: 'teams',
    name: 'Which teams made your stay better?',
    es: '¿Qué equipos mejoraron su estancia?',
    type: 'MultiPicklist',
    required: false,
    options: 'Nursing | Therapy | Dining | Housekeeping | Activities',
    optionsEs: 'Enfermería | Terapia | Comedor | Limpieza | Actividades',
  },
  {
    key: 'again',
    name: 'Would you choose us again?',
    es: '¿Nos elegiría de nuevo?',
    type: 'Radio',
    required: true,
    options: 'Yes | No | Not sure',
    optionsEs: 'Sí | No | No estoy seguro/a',
  },
  {
    key: 'comments',
    name: 'Any other comments about your stay?',
    es: '¿Algún otro comentario sobre su estancia?',
    type: 'Text',
    required: false,
  },
];

/**
 * Rows of a new facility's Admission and Discharge questionnaires from the standard templates,
 * published as version 1 (by nobody: the standard questionnaire), with fresh ids from `newId`.
 * Insert them in the transaction that creates the facility.
 */
export function standardQuestionnaireRows(
  facility: { id: string; name: string },
  newId: () => string,
  publishedAt: string,
): {
  questionnaires: Insertable<Database['questionnaires']>[];
  versions: Insertable<Database['questionnaire_versions']>[];
  questions: Insertable<Database['questions']>[];
} {
  const questionnaires: Insertable<Database['questionnaires']>[] = [];
  const versions: Insertable<Database['questionnaire_versions']>[] = [];
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
      published_version: 1,
      draft_json: null,
      version: 1,
    });
    const ids = new Map(specs.map((spec) => [spec.key, newId()]));
    const rows = versionRows(id, 1, templateDraft(specs), (key) => ids.get(key) as string);
    questions.push(...rows.questions);
    versions.push({
      questionnaire_id: id,
      version: 1,
      published_at: publishedAt,
      published_by: null,
      questions_json: JSON.stringify(rows.frozen),
    });
  }
  return { questionnaires, versions, questions };
}
