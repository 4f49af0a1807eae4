/** The engine's CAHPS rules (ADR 060): an option that ends, REF following NO's skip, Rating 0–10, Number min/max. */
import { describe, expect, it } from 'vitest';
import {
  answerAndAdvance,
  answerProblem,
  END_TARGET,
  initialRunnerState,
  nextQuestionIndex,
  validateAnswerPath,
  validateQuestionnaire,
  type EngineQuestion,
} from './survey-engine.js';

const q = (
  id: string,
  type: string,
  values: Record<string, string | null> = {},
  logic: Partial<EngineQuestion['validation_logic']> = {},
  extra: Partial<EngineQuestion> = {},
): EngineQuestion => ({
  id,
  name: `Question ${id}`,
  type,
  values,
  validation_logic: { required: true, ...logic },
  ...extra,
});

/**
 * q1 screener: Yes → q2, No → q3 (skip), REF/DK follow No; q2 Rating; q3 Number 0–120 whose
 * "less than 18" ends; q4 Radio whose "Stop" ends; q5 Text.
 */
const QUESTIONS: EngineQuestion[] = [
  q('q1', 'Radio', { Yes: null, No: 'q3' }, {}, { non_answer_next: 'No' }),
  q('q2', 'Rating'),
  q('q3', 'Number', {}, { value: 18, less: END_TARGET, min: 0, max: 120 }),
  q('q4', 'Radio', { Continue: null, Stop: END_TARGET }),
  q('q5', 'Text', {}, { required: false }),
];

describe('an option that ends the interview', () => {
  it.each<[string, number, string, number]>([
    ['a Radio option whose next is "end" goes to the end', 3, 'Stop', 5],
    ['a Radio option without a target still goes to the next', 3, 'Continue', 4],
    ['a Number relation whose target is "end" goes to the end', 2, '12', 5],
    ['a Number relation without a target goes to the next', 2, '40', 3],
  ])('%s', (_name, index, answer, expected) => {
    expect(nextQuestionIndex(QUESTIONS, index, answer)).toBe(expected);
  });

  it('accepts a path that ends on such an option, and refuses an answer after it', () => {
    const path = [
      { questionId: 'q1', answer: 'No' },
      { questionId: 'q3', answer: '40' },
      { questionId: 'q4', answer: 'Stop' },
    ];
    expect(validateAnswerPath(QUESTIONS, path)).toBeUndefined();
    expect(validateAnswerPath(QUESTIONS, [...path, { questionId: 'q5', answer: 'x' }])).toEqual({
      kind: 'unexpected_question',
      position: 3,
      expected: null,
      got: 'q5',
    });
  });

  it('counts "end" as a known target, not an unknown question', () => {
    expect(validateQuestionnaire(QUESTIONS)).toEqual([]);
  });
});

describe('Refused and Don’t know follow the branch of the option named', () => {
  it.each(['Refused', "Don't know"] as const)('%s on q1 follows No’s skip to q3', (nonAnswer) => {
    expect(nextQuestionIndex(QUESTIONS, 0, null, nonAnswer)).toBe(2);
    const result = answerAndAdvance(QUESTIONS, initialRunnerState, null, nonAnswer);
    expect(result.ok && result.state.index).toBe(2);
  });

  it('a non-answer on a question without non_answer_next goes to the next question', () => {
    expect(nextQuestionIndex(QUESTIONS, 3, null, 'Refused')).toBe(4);
  });

  it('a blank optional answer is not a non-answer: next in sequence', () => {
    const optional = [
      q('a', 'Radio', { Yes: null, No: 'c' }, { required: false }, { non_answer_next: 'No' }),
      q('b', 'Text'),
      q('c', 'Text'),
    ];
    expect(nextQuestionIndex(optional, 0, null)).toBe(1);
  });

  it('validates a path that skips after a Refused and refuses one that does not', () => {
    const skip = [
      { questionId: 'q1', answer: null, nonAnswer: 'Refused' as const },
      { questionId: 'q3', answer: '30' },
      { questionId: 'q4', answer: 'Continue' },
      { questionId: 'q5', answer: null },
    ];
    expect(validateAnswerPath(QUESTIONS, skip)).toBeUndefined();
    const noSkip = [
      { questionId: 'q1', answer: null, nonAnswer: 'Refused' as const },
      { questionId: 'q2', answer: '7' },
    ];
    expect(validateAnswerPath(QUESTIONS, noSkip)).toMatchObject({
      kind: 'unexpected_question',
      expected: 'q3',
    });
  });

  it('a non_answer_next naming no option is a problem of the questionnaire', () => {
    const bad = [q('a', 'Radio', { Yes: null }, {}, { non_answer_next: 'Maybe' })];
    expect(validateQuestionnaire(bad)).toEqual([
      { kind: 'unknown_non_answer_option', questionId: 'a', option: 'Maybe' },
    ]);
  });
});

describe('Rating 0–10', () => {
  it.each<[string | null, string | undefined]>([
    ['0', undefined],
    ['10', undefined],
    [' 7 ', undefined],
    ['11', 'out_of_range'],
    ['-1', 'out_of_range'],
    ['7.5', 'out_of_range'],
    ['seven', 'not_a_number'],
    [null, 'required'],
  ])('answer %j → %s', (answer, problem) => {
    expect(answerProblem(QUESTIONS[1] as EngineQuestion, answer)).toBe(problem);
  });

  it('goes to the next question whatever the rating', () => {
    expect(nextQuestionIndex(QUESTIONS, 1, '0')).toBe(2);
    expect(nextQuestionIndex(QUESTIONS, 1, '10')).toBe(2);
  });
});

describe('Number min and max', () => {
  it.each<[string, string | undefined]>([
    ['0', undefined],
    ['120', undefined],
    ['-1', 'out_of_range'],
    ['120.5', 'out_of_range'],
    ['abc', 'not_a_number'],
  ])('answer %s → %s', (answer, problem) => {
    expect(answerProblem(QUESTIONS[2] as EngineQuestion, answer)).toBe(problem);
  });

  it('a bound alone limits one side only', () => {
    const onlyMin = q('n', 'Number', {}, { min: 1 });
    expect(answerProblem(onlyMin, '100000')).toBeUndefined();
    expect(answerProblem(onlyMin, '0')).toBe('out_of_range');
  });

  it('the runner refuses an answer out of range and stays on the question', () => {
    const state = { index: 2, history: [] };
    expect(answerAndAdvance(QUESTIONS, state, '500')).toEqual({
      ok: false,
      reason: 'out_of_range',
    });
  });
});

describe('a break-off path (partial)', () => {
  it('may stop anywhere, but its answers still follow the branches', () => {
    const first = [{ questionId: 'q1', answer: 'No' }];
    expect(validateAnswerPath(QUESTIONS, first)).toMatchObject({ kind: 'incomplete' });
    expect(validateAnswerPath(QUESTIONS, first, { partial: true })).toBeUndefined();
    expect(validateAnswerPath(QUESTIONS, [], { partial: true })).toBeUndefined();
    const wrong = [...first, { questionId: 'q2', answer: '5' }];
    expect(validateAnswerPath(QUESTIONS, wrong, { partial: true })).toMatchObject({
      kind: 'unexpected_question',
    });
  });
});
