/** The builder's CAHPS fields (ADR 060): interviewer text, "end", non_answer_next, Rating, Number min/max. */
import { describe, expect, it } from 'vitest';
import {
  draftToQuestions,
  firstErrorByQuestion,
  normalizeDraft,
  QUESTIONNAIRE_PROBLEM_TEXT as TEXT,
  validateDraft,
  type DraftQuestion,
} from './questionnaire-builder.js';
import { DraftQuestionsSchema } from './schemas/admin-questionnaires.js';
import { answerAndAdvance, initialRunnerState, validateQuestionnaire } from './survey-engine.js';

const CAHPS: DraftQuestion[] = [
  {
    key: 'screen',
    type: 'Radio',
    text: { en: 'Do you ever need help getting dressed?', es: '¿Necesita ayuda para vestirse?' },
    interviewer_text: { en: 'Read the options. REF and DK follow NO.' },
    options: [
      { key: 'yes', label: { en: 'Yes' }, next: null },
      { key: 'no', label: { en: 'No' }, next: 'overall' },
      { key: 'stop', label: { en: 'Resident ends the interview' }, next: 'end' },
    ],
    non_answer_next: 'no',
    required: true,
  },
  {
    key: 'help',
    type: 'Text',
    text: { en: 'What help do you get?' },
    options: [],
    required: false,
  },
  {
    key: 'overall',
    type: 'Rating',
    text: { en: 'Using any number from 0 to 10, how would you rate this nursing home?' },
    labels: { low: { en: 'Worst possible', es: 'El peor' }, high: { en: ' Best possible ' } },
    options: [],
    required: true,
  },
  {
    key: 'years',
    type: 'Number',
    text: { en: 'How many years have you lived here?' },
    options: [],
    required: true,
    number: { value: null, less: null, equal: null, greater: null, min: 0, max: '60' },
  },
];

describe('validateDraft (ADR 060)', () => {
  it('finds nothing wrong with interviewer text, an ending option, REF following NO, a Rating and a bounded Number', () => {
    expect(validateDraft(CAHPS).filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('refuses non_answer_next naming no option of the question', () => {
    const draft = CAHPS.map((q) => (q.key === 'screen' ? { ...q, non_answer_next: 'maybe' } : q));
    expect(firstErrorByQuestion(validateDraft(draft))).toEqual({
      screen: TEXT.nonAnswerOptionUnknown('maybe'),
    });
  });

  it('refuses a question keyed "end", a target naming no question, a Rating without end labels and a reversed or typed range', () => {
    const draft: DraftQuestion[] = [
      { ...(CAHPS[1] as DraftQuestion), key: 'end' },
      {
        ...(CAHPS[0] as DraftQuestion),
        options: [{ key: 'a', label: { en: 'A' }, next: 'nowhere' }],
        non_answer_next: null,
      },
      { ...(CAHPS[2] as DraftQuestion), labels: { low: { en: '' }, high: { en: 'Best' } } },
      {
        ...(CAHPS[3] as DraftQuestion),
        number: { value: null, less: null, equal: null, greater: null, min: 10, max: 5 },
      },
      {
        ...(CAHPS[3] as DraftQuestion),
        key: 'y2',
        number: { value: null, less: null, equal: null, greater: null, min: 'ten' },
      },
    ];
    expect(firstErrorByQuestion(validateDraft(draft))).toEqual({
      end: TEXT.keyReserved,
      screen: TEXT.targetUnknown('nowhere'),
      overall: TEXT.ratingLabelRequired,
      years: TEXT.rangeReversed,
      y2: TEXT.rangeNotNumeric,
    });
  });

  it('does not warn that a question after an ending option is unreachable when another path reaches it', () => {
    expect(validateDraft(CAHPS).filter((problem) => problem.field === 'reachable')).toEqual([]);
  });
});

describe('draftToQuestions and normalizeDraft (ADR 060)', () => {
  it('carries the new fields to the engine and the wire, and the engine accepts them', () => {
    const built = draftToQuestions(normalizeDraft(CAHPS));
    expect(validateQuestionnaire(built)).toEqual([]);
    expect(built[0]).toMatchObject({
      values: { Yes: null, No: 'overall', 'Resident ends the interview': 'end' },
      non_answer_next: 'No',
      interviewer_text: { en: 'Read the options. REF and DK follow NO.' },
    });
    expect(built[2]).toMatchObject({
      type: 'Rating',
      labels: { low: 'Worst possible', high: 'Best possible' },
      texts: { es: { labels: { low: 'El peor', high: '' } } },
    });
    expect(built[3]?.validation_logic).toEqual({ required: true, min: 0, max: 60 });
  });

  it('writes labels and the non-answer option in the preview’s language', () => {
    const built = draftToQuestions(CAHPS, { language: 'es' });
    expect(built[2]?.labels).toEqual({ low: 'El peor', high: 'Best possible' });
    expect(built[0]?.non_answer_next).toBe('No');
  });

  it('the preview’s runner follows NO’s skip on Refused and ends on the ending option', () => {
    const built = draftToQuestions(CAHPS);
    const refused = answerAndAdvance(built, initialRunnerState, null, 'Refused');
    expect(refused.ok && refused.state.index).toBe(2);
    const stop = answerAndAdvance(built, initialRunnerState, 'Resident ends the interview');
    expect(stop.ok && stop.state.index).toBe(built.length);
  });

  it('normalizes: drops empty interviewer text, non_answer_next of non-choice types, labels of non-Rating types', () => {
    const [text] = normalizeDraft([
      {
        ...(CAHPS[1] as DraftQuestion),
        interviewer_text: { en: '  ', es: '' },
        non_answer_next: 'yes',
        labels: { low: { en: 'a' }, high: { en: 'b' } },
      },
    ]);
    expect(text).not.toHaveProperty('interviewer_text');
    expect(text).not.toHaveProperty('non_answer_next');
    expect(text).not.toHaveProperty('labels');
  });

  it('a draft without the new fields normalizes and builds exactly as before', () => {
    const old: DraftQuestion[] = [
      {
        key: 'a',
        type: 'Radio',
        text: { en: 'A?' },
        options: [{ key: 'y', label: { en: 'Y' }, next: null }],
        required: true,
      },
    ];
    expect(normalizeDraft(old)).toEqual([{ ...old[0], allow_non_answer: true }]);
    expect(Object.keys(draftToQuestions(old)[0] ?? {}).sort()).toEqual([
      'allow_non_answer',
      'id',
      'key',
      'name',
      'type',
      'validation_logic',
      'values',
    ]);
  });
});

describe('the draft schema (ADR 060)', () => {
  it('accepts the new fields and refuses malformed ones', () => {
    expect(DraftQuestionsSchema.safeParse(CAHPS).success).toBe(true);
    const badLabels = [{ ...CAHPS[2], labels: { low: 'Worst' } }];
    expect(DraftQuestionsSchema.safeParse(badLabels).success).toBe(false);
    const badKey = [{ ...CAHPS[0], non_answer_next: 'no way' }];
    expect(DraftQuestionsSchema.safeParse(badKey).success).toBe(false);
  });
});
