/**
 * The validated instruments an administrator adopts into a questionnaire (DESIGN §9 "Scores and
 * instruments", issue 34 item 1, ADR 052): the five CoreQ questionnaires, their items in the
 * published wording and order, scored Poor = 1 … Excellent = 5, in English and — as an unofficial
 * translation — Spanish. The one place they are written; instruments.test.ts pins them.
 *
 * Once adopted, the items are locked (`instrumentLockProblems`): a draft that changes their text,
 * type, options, branching or scores, moves them, or puts a question before them is refused by
 * the server, and the builder shows them as locked with the reason.
 */
import { INSTRUMENT_TEXT } from './instrument-texts.js';
import type {
  DraftOption,
  DraftProblem,
  DraftQuestion,
  LocalizedText,
} from './questionnaire-builder.js';

import { INSTRUMENT_IDS, type InstrumentId } from './instrument-ids.js';

export { INSTRUMENT_IDS, isInstrumentId, type InstrumentId } from './instrument-ids.js';

/** An instrument as the builder offers it (`GET admin/instruments/`). */
export interface Instrument {
  id: InstrumentId;
  name: string;
  /** The languages its items are written in (English first). */
  languages: string[];
  /** Languages whose texts are an unofficial translation (shown so in the builder). */
  unofficial_languages: string[];
  /** Where the wording comes from. */
  source: string;
  /** The items, in the draft question format, options scored. */
  questions: DraftQuestion[];
}

/** The CoreQ scale (coreq.org): Poor (1), Average (2), Good (3), Very Good (4), Excellent (5). */
const COREQ_SCALE: readonly { key: string; label: LocalizedText; score: number }[] = [
  { key: 'poor', label: { en: 'Poor', es: 'Malo' }, score: 1 },
  { key: 'average', label: { en: 'Average', es: 'Regular' }, score: 2 },
  { key: 'good', label: { en: 'Good', es: 'Bueno' }, score: 3 },
  { key: 'very-good', label: { en: 'Very Good', es: 'Muy bueno' }, score: 4 },
  { key: 'excellent', label: { en: 'Excellent', es: 'Excelente' }, score: 5 },
];

/** The item wordings (ADR 052 cites where each comes from). */
const WORDING = {
  recommendFacility: {
    en: 'In recommending this facility to your friends and family, how would you rate it overall?',
    es: 'Al recomendar este centro a sus amigos y familiares, ¿cómo lo calificaría en general?',
  },
  recommendCommunity: {
    en: 'In recommending this community to your friends and family, how would you rate it overall?',
    es: 'Al recomendar esta comunidad a sus amigos y familiares, ¿cómo la calificaría en general?',
  },
  staff: {
    en: 'Overall, how would you rate the staff?',
    es: 'En general, ¿cómo calificaría al personal?',
  },
  care: {
    en: 'How would you rate the care you receive?',
    es: '¿Cómo calificaría la atención que recibe?',
  },
  careFamily: {
    en: 'How would you rate the care your family member receives?',
    es: '¿Cómo calificaría la atención que recibe su familiar?',
  },
  discharge: {
    en: 'How would you rate how well your discharge needs were met?',
    es: '¿Cómo calificaría qué tan bien se atendieron sus necesidades al ser dado de alta?',
  },
  food: {
    en: 'How would you rate the food?',
    es: '¿Cómo calificaría la comida?',
  },
} as const satisfies Record<string, LocalizedText>;

/** The key of the n-th item (1-based): `coreq-1` … `coreq-4`. */
export function instrumentItemKey(position: number): string {
  return `coreq-${position}`;
}

function item(position: number, text: LocalizedText): DraftQuestion {
  return {
    key: instrumentItemKey(position),
    type: 'Radio',
    text: { ...text },
    options: COREQ_SCALE.map((step): DraftOption => ({
      key: step.key,
      label: { ...step.label },
      next: null,
      score: step.score,
    })),
    required: true,
  };
}

const CMIT =
  'CMS CMIT measure 3436 / NQF 2614 (cmit.cms.gov/CMIT_public/ViewMeasure?MeasureId=3436)';
const COREQ_ORG = 'coreq.org (three core questions common to all CoreQ questionnaires; scale 1–5)';

const DEFINITIONS: Record<InstrumentId, { name: string; source: string; items: LocalizedText[] }> =
  {
    'coreq-ss': {
      name: 'CoreQ: Short Stay Discharge',
      source: CMIT,
      items: [WORDING.recommendFacility, WORDING.staff, WORDING.care, WORDING.discharge],
    },
    'coreq-lsr': {
      name: 'CoreQ: Long-Stay Resident',
      source: `NQF 2615; ${COREQ_ORG}; ${CMIT}`,
      items: [WORDING.recommendFacility, WORDING.staff, WORDING.care],
    },
    'coreq-lsf': {
      name: 'CoreQ: Long-Stay Family',
      source: `NQF 2616; ${COREQ_ORG}`,
      items: [WORDING.recommendFacility, WORDING.staff, WORDING.careFamily],
    },
    'coreq-alr': {
      name: 'CoreQ: Assisted Living Resident',
      source: `p4qm.org/measures/3420; ${COREQ_ORG}`,
      items: [WORDING.recommendCommunity, WORDING.staff, WORDING.care, WORDING.food],
    },
    'coreq-alf': {
      name: 'CoreQ: Assisted Living Family',
      source: `p4qm.org/measures/3422; ${COREQ_ORG}`,
      items: [WORDING.recommendCommunity, WORDING.staff, WORDING.careFamily],
    },
  };

/** One instrument, a fresh copy (callers may change what they get). */
export function instrument(id: InstrumentId): Instrument {
  const definition = DEFINITIONS[id];
  return {
    id,
    name: definition.name,
    languages: ['en', 'es'],
    unofficial_languages: ['es'],
    source: definition.source,
    questions: definition.items.map((text, index) => item(index + 1, text)),
  };
}

/** Every instrument, in the order of INSTRUMENT_IDS. */
export function instruments(): Instrument[] {
  return INSTRUMENT_IDS.map(instrument);
}

const sameText = (a: LocalizedText, b: LocalizedText) =>
  a.en.trim() === b.en.trim() && (a.es ?? '').trim() === (b.es ?? '').trim();

/**
 * A draft with the instrument's items first: the items of `previous` (an instrument adopted
 * before, or the same one) are taken out, every other question follows in its order.
 */
export function adoptInstrument(
  draft: readonly DraftQuestion[],
  next: InstrumentId | null,
  previous: InstrumentId | null,
): DraftQuestion[] {
  const previousKeys = new Set(previous ? instrument(previous).questions.map((q) => q.key) : []);
  const rest = draft.filter((question) => !previousKeys.has(question.key));
  return [...(next ? instrument(next).questions : []), ...rest];
}

/** Keys the instrument's items need that another question of the draft already uses. */
export function instrumentKeyClashes(
  draft: readonly DraftQuestion[],
  next: InstrumentId,
  previous: InstrumentId | null,
): string[] {
  const previousKeys = new Set(previous ? instrument(previous).questions.map((q) => q.key) : []);
  const needed = new Set(instrument(next).questions.map((q) => q.key));
  return draft
    .filter((question) => needed.has(question.key) && !previousKeys.has(question.key))
    .map((question) => question.key);
}

/**
 * What a draft changes of its locked instrument's items (errors; empty: nothing): each item must
 * be at its place (first, in order), with its wording (English and Spanish), its type, and its
 * options (keys, labels, order, no branching) with their scores. A question's alert, required
 * and non-answer settings stay the facility's to choose.
 */
export function instrumentLockProblems(
  draft: readonly DraftQuestion[],
  id: InstrumentId | null,
): DraftProblem[] {
  if (id === null) return [];
  const problems: DraftProblem[] = [];
  const add = (question_key: string, field: string, message: string) =>
    problems.push({ question_key, field, severity: 'error', message });
  const items = instrument(id).questions;
  items.forEach((expected, index) => {
    const name = `Item ${index + 1} of ${instrument(id).name}`;
    const actual = draft[index];
    if (actual?.key !== expected.key) {
      const elsewhere = draft.findIndex((question) => question.key === expected.key);
      if (elsewhere === -1) {
        add(expected.key, 'key', INSTRUMENT_TEXT.itemMissing(name));
      } else {
        add(expected.key, 'order', INSTRUMENT_TEXT.itemMoved(name));
      }
      if (actual && !items.some((other) => other.key === actual.key)) {
        add(actual.key, 'order', INSTRUMENT_TEXT.questionBefore);
      }
      return;
    }
    if (!sameText(actual.text, expected.text))
      add(actual.key, 'text', INSTRUMENT_TEXT.textChanged(name));
    if (actual.type !== expected.type) add(actual.key, 'type', INSTRUMENT_TEXT.typeChanged(name));
    const sameOptions =
      actual.options.length === expected.options.length &&
      expected.options.every((option, at) => {
        const other = actual.options[at];
        return (
          other?.key === option.key && sameText(other.label, option.label) && other.next === null
        );
      });
    if (!sameOptions) {
      add(actual.key, 'options', INSTRUMENT_TEXT.optionsChanged(name));
      return;
    }
    const sameScores = expected.options.every(
      (option, at) => actual.options[at]?.score === option.score,
    );
    if (!sameScores) add(actual.key, 'scores', INSTRUMENT_TEXT.scoresChanged(name));
  });
  return problems;
}

/** Whether a question of the draft is one of the locked instrument's items. */
export function isInstrumentItem(key: string, id: InstrumentId | null): boolean {
  return id !== null && instrument(id).questions.some((question) => question.key === key);
}
