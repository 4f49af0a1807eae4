import { describe, expect, it } from 'vitest';
import {
  answerAndAdvance,
  answerProblem,
  branchTarget,
  goBack,
  initialRunnerState,
  joinMultiAnswer,
  nextQuestionIndex,
  validateAnswerPath,
  validateQuestionnaire,
  type EngineQuestion,
  type RunnerState,
} from './survey-engine.js';

const q = (
  id: string,
  type: string,
  values: Record<string, string | null> = {},
  logic: Partial<EngineQuestion['validation_logic']> = {},
): EngineQuestion => ({
  id,
  name: `Question ${id}`,
  type,
  values,
  validation_logic: { required: true, ...logic },
});

/** q1 Radio branches, q2 Number threshold, q3 MultiPicklist, q4 Picklist, q5 Text (optional). */
const QUESTIONS: EngineQuestion[] = [
  q('q1', 'Radio', { Yes: null, No: 'q4' }),
  q('q2', 'Number', {}, { value: 5, less: 'q5', greater: null, equal: 'q4' }),
  q('q3', 'MultiPicklist', { Meals: null, Room: 'q5', Staff: 'q4' }),
  q('q4', 'Picklist', { Good: null, Bad: null }),
  q('q5', 'Text', {}, { required: false }),
];

describe('branchTarget and nextQuestionIndex', () => {
  it.each<[string, number, string | null, number]>([
    ['Radio answer without a target goes to the next question', 0, 'Yes', 1],
    ['Radio answer with a target jumps to it', 0, 'No', 3],
    ['Number below the threshold takes the less target', 1, '2', 4],
    ['Number above the threshold with a null target goes to the next question', 1, '9', 2],
    ['Number equal to the threshold takes the equal target', 1, '5', 3],
    ['Decimal Number answers compare numerically', 1, '4.5', 4],
    [
      'MultiPicklist: the first chosen label in display order with a target decides',
      2,
      'Staff;Room',
      4,
    ],
    ['MultiPicklist: labels without targets go to the next question', 2, 'Meals', 3],
    ['Picklist with null targets goes to the next question', 3, 'Bad', 4],
    ['Text goes to the next question', 4, 'Lovely staff', 5],
    ['a skipped optional answer goes to the next question', 4, null, 5],
  ])('%s', (_name, index, answer, expected) => {
    expect(nextQuestionIndex(QUESTIONS, index, answer)).toBe(expected);
  });

  it('ignores a backward target and goes to the next question', () => {
    const looping = [q('a', 'Radio', { Again: 'a' }), q('b', 'Text')];
    expect(branchTarget(looping[0]!, 'Again')).toBe('a');
    expect(nextQuestionIndex(looping, 0, 'Again')).toBe(1);
  });
});

describe('answerProblem', () => {
  it.each<[string, EngineQuestion, string | null, string | undefined]>([
    ['a required question without an answer', QUESTIONS[0]!, null, 'required'],
    ['a required question with only spaces', QUESTIONS[3]!, '   ', 'required'],
    ['an optional question without an answer', QUESTIONS[4]!, null, undefined],
    ['a Number answer that is not numeric', QUESTIONS[1]!, 'five', 'not_a_number'],
    ['a Number answer that is numeric', QUESTIONS[1]!, '-3', undefined],
    ['a Radio answer outside the options', QUESTIONS[0]!, 'Maybe', 'not_an_option'],
    ['a Picklist answer among the options', QUESTIONS[3]!, 'Good', undefined],
    ['a MultiPicklist answer with an unknown label', QUESTIONS[2]!, 'Meals;Pool', 'not_an_option'],
    ['a MultiPicklist answer of known labels', QUESTIONS[2]!, 'Meals;Room', undefined],
    ['any Text answer', QUESTIONS[4]!, '<b>fine</b>', undefined],
    ['an unknown question type', q('x', 'Slider'), 'anything', 'unsupported_type'],
  ])('%s', (_name, question, answer, expected) => {
    expect(answerProblem(question, answer)).toBe(expected);
  });
});

describe('joinMultiAnswer', () => {
  it('joins chosen labels with ; in display order', () => {
    expect(joinMultiAnswer(QUESTIONS[2]!, ['Staff', 'Meals'])).toBe('Meals;Staff');
  });
});

describe('validateQuestionnaire', () => {
  it('accepts a questionnaire that only jumps forward', () => {
    expect(validateQuestionnaire(QUESTIONS)).toEqual([]);
  });
  it('refuses a branch that would loop back', () => {
    const looping = [q('a', 'Text'), q('b', 'Radio', { Again: 'a', On: null })];
    expect(validateQuestionnaire(looping)).toEqual([
      { kind: 'backward_jump', questionId: 'b', target: 'a' },
    ]);
  });
  it('refuses a Number threshold that targets itself', () => {
    const selfJump = [q('n', 'Number', {}, { value: 1, less: 'n' })];
    expect(validateQuestionnaire(selfJump)).toEqual([
      { kind: 'backward_jump', questionId: 'n', target: 'n' },
    ]);
  });
  it('refuses unknown targets, unknown types and duplicate ids', () => {
    const broken = [q('a', 'Radio', { X: 'zz' }), q('a', 'Slider')];
    expect(
      validateQuestionnaire(broken)
        .map((problem) => problem.kind)
        .sort(),
    ).toEqual(['duplicate_id', 'unknown_target', 'unknown_type']);
  });
});

describe('validateAnswerPath', () => {
  it.each<[string, [string, string | null][], string | undefined]>([
    [
      'the straight path',
      [
        ['q1', 'Yes'],
        ['q2', '9'],
        ['q3', 'Meals'],
        ['q4', 'Good'],
        ['q5', 'ok'],
      ],
      undefined,
    ],
    [
      'a Radio jump',
      [
        ['q1', 'No'],
        ['q4', 'Good'],
        ['q5', null],
      ],
      undefined,
    ],
    [
      'a Number threshold jump',
      [
        ['q1', 'Yes'],
        ['q2', '1'],
        ['q5', 'x'],
      ],
      undefined,
    ],
    [
      'a question the branch skipped',
      [
        ['q1', 'No'],
        ['q2', '9'],
        ['q4', 'Good'],
        ['q5', null],
      ],
      'unexpected_question',
    ],
    [
      'a missing required answer',
      [
        ['q1', 'Yes'],
        ['q2', null],
      ],
      'invalid_answer',
    ],
    [
      'a non-numeric Number answer',
      [
        ['q1', 'Yes'],
        ['q2', 'lots'],
      ],
      'invalid_answer',
    ],
    ['an answer outside the options', [['q1', 'Perhaps']], 'invalid_answer'],
    [
      'a path that stops early',
      [
        ['q1', 'No'],
        ['q4', 'Good'],
      ],
      'incomplete',
    ],
    [
      'an answer after the end',
      [
        ['q1', 'No'],
        ['q4', 'Good'],
        ['q5', null],
        ['q5', null],
      ],
      'unexpected_question',
    ],
    ['no answers at all', [], 'incomplete'],
  ])('%s', (_name, path, expected) => {
    const answers = path.map(([questionId, answer]) => ({ questionId, answer }));
    expect(validateAnswerPath(QUESTIONS, answers)?.kind).toBe(expected);
  });

  it('accepts an empty path for a questionnaire without questions', () => {
    expect(validateAnswerPath([], [])).toBeUndefined();
  });
});

describe('runner (answer stack)', () => {
  const run = (answers: (string | null)[]): RunnerState =>
    answers.reduce<RunnerState>((state, answer) => {
      const result = answerAndAdvance(QUESTIONS, state, answer);
      if (!result.ok) throw new Error(result.reason);
      return result.state;
    }, initialRunnerState);

  it('refuses Next on a required question without an answer', () => {
    expect(answerAndAdvance(QUESTIONS, initialRunnerState, '')).toEqual({
      ok: false,
      reason: 'required',
    });
  });

  it('records a skipped optional question with a null answer', () => {
    const state = run(['No', 'Good', '  ']);
    expect(state.index).toBe(QUESTIONS.length);
    expect(state.history.at(-1)).toEqual({ questionId: 'q5', answer: null });
  });

  it('Prev at the first question is refused', () => {
    expect(goBack(QUESTIONS, initialRunnerState)).toEqual({ ok: false, reason: 'first_question' });
  });

  it('Prev over a branch returns to the question that branched and removes its answer', () => {
    const state = run(['No']); // q1 → q4
    expect(state.index).toBe(3);
    const back = goBack(QUESTIONS, state);
    expect(back).toEqual({ ok: true, state: { index: 0, history: [] } });
  });

  it('a path built by the runner is a valid submission path', () => {
    const state = run(['Yes', '5', 'Good', 'Thanks']);
    expect(state.history.map((entry) => entry.questionId)).toEqual(['q1', 'q2', 'q4', 'q5']);
    expect(validateAnswerPath(QUESTIONS, state.history)).toBeUndefined();
  });
});

describe('honest non-answers (ADR 026)', () => {
  it('a required question declined as Refused counts as answered and goes on in sequence', () => {
    const result = answerAndAdvance(QUESTIONS, initialRunnerState, null, 'Refused');
    expect(result).toEqual({
      ok: true,
      state: { index: 1, history: [{ questionId: 'q1', answer: null, nonAnswer: 'Refused' }] },
    });
  });

  it("a path with Don't know is valid; the declined question's branch is not taken", () => {
    const path = [
      { questionId: 'q1', answer: null, nonAnswer: "Don't know" as const },
      { questionId: 'q2', answer: '9' },
      { questionId: 'q3', answer: 'Meals' },
      { questionId: 'q4', answer: null, nonAnswer: 'Refused' as const },
      { questionId: 'q5', answer: null },
    ];
    expect(validateAnswerPath(QUESTIONS, path)).toBeUndefined();
  });

  it('a question that does not allow non-answers refuses one', () => {
    const strict = [{ ...QUESTIONS[0]!, allow_non_answer: false }];
    expect(answerProblem(strict[0]!, null, 'Refused')).toBe('non_answer_not_allowed');
    expect(
      validateAnswerPath(strict, [{ questionId: 'q1', answer: null, nonAnswer: 'Refused' }])?.kind,
    ).toBe('invalid_answer');
  });

  it('an answer and a non-answer together are refused', () => {
    expect(answerProblem(QUESTIONS[0]!, 'Yes', 'Refused')).toBe('not_an_option');
  });
});
