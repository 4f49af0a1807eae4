import { describe, expect, it } from 'vitest';
import {
  adoptInstrument,
  instrument,
  instrumentLockProblems,
  instruments,
  INSTRUMENT_IDS,
} from './instruments.js';
import type { DraftQuestion } from './questionnaire-builder.js';
import { DraftQuestionsSchema } from './schemas/admin-questionnaires.js';

const SCALE = [
  ['poor', 'Poor', 'Malo', 1],
  ['average', 'Average', 'Regular', 2],
  ['good', 'Good', 'Bueno', 3],
  ['very-good', 'Very Good', 'Muy bueno', 4],
  ['excellent', 'Excellent', 'Excelente', 5],
];

/**
 * The published wording and order (ADR 052 cites the sources): a change here is a change of the
 * instrument, which "is not CoreQ" any more.
 */
const WORDING: Record<string, string[]> = {
  'coreq-ss': [
    'In recommending this facility to your friends and family, how would you rate it overall?',
    'Overall, how would you rate the staff?',
    'How would you rate the care you receive?',
    'How would you rate how well your discharge needs were met?',
  ],
  'coreq-lsr': [
    'In recommending this facility to your friends and family, how would you rate it overall?',
    'Overall, how would you rate the staff?',
    'How would you rate the care you receive?',
  ],
  'coreq-lsf': [
    'In recommending this facility to your friends and family, how would you rate it overall?',
    'Overall, how would you rate the staff?',
    'How would you rate the care your family member receives?',
  ],
  'coreq-alr': [
    'In recommending this community to your friends and family, how would you rate it overall?',
    'Overall, how would you rate the staff?',
    'How would you rate the care you receive?',
    'How would you rate the food?',
  ],
  'coreq-alf': [
    'In recommending this community to your friends and family, how would you rate it overall?',
    'Overall, how would you rate the staff?',
    'How would you rate the care your family member receives?',
  ],
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const OTHER: DraftQuestion = {
  key: 'q-1',
  type: 'Text',
  text: { en: 'Anything else?' },
  options: [],
  required: false,
};

describe('the CoreQ instruments', () => {
  it('are the five questionnaires in their published wording, order and scale', () => {
    expect(instruments().map((entry) => entry.id)).toEqual([...INSTRUMENT_IDS]);
    for (const entry of instruments()) {
      expect(entry.questions.map((question) => question.text.en)).toEqual(WORDING[entry.id]);
      expect(entry.questions.map((question) => question.key)).toEqual(
        ['coreq-1', 'coreq-2', 'coreq-3', 'coreq-4'].slice(0, entry.questions.length),
      );
      for (const question of entry.questions) {
        expect(question.type).toBe('Radio');
        expect(question.text.es).toBeTruthy();
        expect(
          question.options.map((option) => [
            option.key,
            option.label.en,
            option.label.es,
            option.score,
          ]),
        ).toEqual(SCALE);
        expect(question.options.every((option) => option.next === null)).toBe(true);
      }
      expect(entry.unofficial_languages).toEqual(['es']);
      expect(DraftQuestionsSchema.parse(entry.questions)).toEqual(entry.questions);
    }
  });

  it('adopting puts the items first and replaces an earlier instrument’s', () => {
    const draft = adoptInstrument([OTHER], 'coreq-ss', null);
    expect(draft.map((question) => question.key)).toEqual([
      'coreq-1',
      'coreq-2',
      'coreq-3',
      'coreq-4',
      'q-1',
    ]);
    const replaced = adoptInstrument(draft, 'coreq-lsf', 'coreq-ss');
    expect(replaced.map((question) => question.key)).toEqual([
      'coreq-1',
      'coreq-2',
      'coreq-3',
      'q-1',
    ]);
    expect(adoptInstrument(replaced, null, 'coreq-lsf')).toEqual([OTHER]);
  });

  it('the lock says nothing of an untouched draft and names each changed item', () => {
    const draft = adoptInstrument([OTHER], 'coreq-ss', null);
    expect(instrumentLockProblems(draft, 'coreq-ss')).toEqual([]);
    expect(instrumentLockProblems(draft, null)).toEqual([]);
    // Alert, required and the non-answer setting stay the facility's.
    const settings = clone(draft);
    (settings[0] as DraftQuestion).required = false;
    (settings[0]?.options[0] as { alert?: boolean }).alert = true;
    expect(instrumentLockProblems(settings, 'coreq-ss')).toEqual([]);

    const changed = clone(draft);
    (changed[1] as DraftQuestion).text.en = 'Staff?';
    (changed[2]?.options[2] as { score?: number }).score = 4;
    expect(
      instrumentLockProblems(changed, 'coreq-ss').map((problem) => [
        problem.question_key,
        problem.field,
      ]),
    ).toEqual([
      ['coreq-2', 'text'],
      ['coreq-3', 'scores'],
    ]);
    const before = [OTHER, ...draft.slice(0, 4)];
    expect(
      instrumentLockProblems(before, 'coreq-ss').map((problem) => [
        problem.question_key,
        problem.field,
      ]),
    ).toContainEqual(['q-1', 'order']);
  });

  it('hands out copies: changing one leaves the library as it is', () => {
    const copy = instrument('coreq-ss');
    (copy.questions[0] as DraftQuestion).text.en = 'Changed';
    expect(instrument('coreq-ss').questions[0]?.text.en).toBe(WORDING['coreq-ss']?.[0]);
  });
});
