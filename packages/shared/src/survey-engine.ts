/**
 * The one branching engine (DESIGN §1): which question comes next for an answer, whether an
 * answer is acceptable, and whether a whole submitted answer path is one the questionnaire allows.
 * The web app drives its question screens with it; the server validates submissions with it.
 *
 * Rules (DESIGN §3):
 * - Radio / Picklist: `values[answer]` is the id of the next question, `null` = next in sequence.
 * - MultiPicklist: answers are the chosen labels joined with ';'; the first chosen label in display
 *   order that has a target decides the branch.
 * - Number: compared with `validation_logic.value`; the `less`, `greater` or `equal` target
 *   decides, `null`/missing = next in sequence.
 * - Text, Rating, and a skipped optional question (answer `null`): next in sequence.
 * - A branch may only jump forward; a questionnaire with a backward or self jump is refused.
 * - A target may be `END_TARGET` ("end"): the interview ends there (ADR 060).
 * - A non-answer (Refused / Don't know) goes to the next in sequence, or, when the question names
 *   `non_answer_next` (an option's label), where that option goes (CAHPS: REF follows NO's skip).
 * - Number answers must lie within `validation_logic.min` / `max` when set; Rating answers are
 *   whole numbers from RATING_MIN to RATING_MAX.
 */
import type { NonAnswer, QuestionType } from './enums.js';
import { QUESTION_TYPES } from './enums.js';

export interface EngineQuestion {
  id: string;
  name: string;
  type: string;
  values: Record<string, string | null>;
  validation_logic: {
    required: boolean;
    value?: number | undefined;
    less?: string | null | undefined;
    greater?: string | null | undefined;
    equal?: string | null | undefined;
    /** The smallest Number answer accepted (ADR 060). */
    min?: number | undefined;
    /** The largest Number answer accepted (ADR 060). */
    max?: number | undefined;
  };
  /** The label of the option whose branch a non-answer follows (absent: next in sequence). */
  non_answer_next?: string | undefined;
  /** Whether 'Refused' or "Don't know" may stand for an answer (absent: yes; ADR 026). */
  allow_non_answer?: boolean | undefined;
}

/** Whether a question may be declined with a non-answer (on unless the questionnaire says no). */
export function allowsNonAnswer(question: EngineQuestion): boolean {
  return question.allow_non_answer !== false;
}

export const MULTI_ANSWER_SEPARATOR = ';';

/** The target that ends the interview (an option's `next`, a Number relation; ADR 060). */
export const END_TARGET = 'end';

/** The range of a Rating question (CAHPS: 0 worst … 10 best). */
export const RATING_MIN = 0;
export const RATING_MAX = 10;

/** A Rating answer as a whole number within its range, or undefined when it is not one. */
export function parseRatingAnswer(answer: string): number | undefined {
  const trimmed = answer.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= RATING_MIN && value <= RATING_MAX ? value : undefined;
}

export function isKnownQuestionType(type: string): type is QuestionType {
  return (QUESTION_TYPES as readonly string[]).includes(type);
}

/** Labels of a choice question in display order. */
export function optionLabels(question: EngineQuestion): string[] {
  return Object.keys(question.values);
}

export function splitMultiAnswer(answer: string): string[] {
  return answer
    .split(MULTI_ANSWER_SEPARATOR)
    .map((label) => label.trim())
    .filter((label) => label.length > 0);
}

/** Joins chosen labels in the question's display order, whatever order they were chosen in. */
export function joinMultiAnswer(question: EngineQuestion, chosen: readonly string[]): string {
  return optionLabels(question)
    .filter((label) => chosen.includes(label))
    .join(MULTI_ANSWER_SEPARATOR);
}

/** A Number answer as a finite number, or undefined when it is not one. */
export function parseNumberAnswer(answer: string): number | undefined {
  const trimmed = answer.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** Whether an answer is blank (null or whitespace only). */
export function isBlank(answer: string | null | undefined): boolean {
  return answer === null || answer === undefined || answer.trim() === '';
}

/**
 * The id of the question an answer jumps to (END_TARGET: the end), or null for the next in
 * sequence. A non-answer follows the branch of the option `non_answer_next` names.
 */
export function branchTarget(
  question: EngineQuestion,
  answer: string | null,
  nonAnswer?: NonAnswer | null,
): string | null {
  if (nonAnswer) {
    const label = question.non_answer_next;
    return label !== undefined && label in question.values ? branchTarget(question, label) : null;
  }
  if (isBlank(answer)) return null;
  const value = answer as string;
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
      return question.values[value] ?? null;
    case 'MultiPicklist': {
      const chosen = splitMultiAnswer(value);
      for (const label of optionLabels(question)) {
        const target = question.values[label];
        if (chosen.includes(label) && target) return target;
      }
      return null;
    }
    case 'Number': {
      const number = parseNumberAnswer(value);
      const logic = question.validation_logic;
      if (number === undefined || logic.value === undefined) return null;
      if (number < logic.value) return logic.less ?? null;
      if (number > logic.value) return logic.greater ?? null;
      return logic.equal ?? null;
    }
    default:
      return null;
  }
}

/**
 * Index of the question after `index` answered with `answer` (or declined with `nonAnswer`);
 * `questions.length` means the end. An unknown or backward target (refused by
 * `validateQuestionnaire`) falls back to the next.
 */
export function nextQuestionIndex(
  questions: readonly EngineQuestion[],
  index: number,
  answer: string | null,
  nonAnswer?: NonAnswer | null,
): number {
  const question = questions[index];
  if (!question) return questions.length;
  const target = branchTarget(question, answer, nonAnswer);
  if (target === END_TARGET) return questions.length;
  if (target !== null) {
    const targetIndex = questions.findIndex((candidate) => candidate.id === target);
    if (targetIndex > index) return targetIndex;
  }
  return index + 1;
}

export type AnswerProblem =
  | 'required'
  | 'not_a_number'
  | 'out_of_range'
  | 'not_an_option'
  | 'unsupported_type'
  | 'non_answer_not_allowed';

/** A range in words: "from 0 to 10", "at least 0", "at most 120" (messages and hints). */
export function numberRangeText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return 'a number';
}

/** Whether a number lies within a question's `min` / `max` (each absent: no bound). */
export function withinNumberRange(question: EngineQuestion, value: number): boolean {
  const { min, max } = question.validation_logic;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/** Why an answer is not acceptable for a question, or undefined when it is. */
export function answerProblem(
  question: EngineQuestion,
  answer: string | null,
  nonAnswer?: NonAnswer | null,
): AnswerProblem | undefined {
  if (!isKnownQuestionType(question.type)) return 'unsupported_type';
  // A non-answer stands for the answer: it counts as answered and leads to the next question.
  if (nonAnswer) {
    if (!allowsNonAnswer(question)) return 'non_answer_not_allowed';
    return isBlank(answer) ? undefined : 'not_an_option';
  }
  if (isBlank(answer)) return question.validation_logic.required ? 'required' : undefined;
  const value = answer as string;
  switch (question.type) {
    case 'Number': {
      const number = parseNumberAnswer(value);
      if (number === undefined) return 'not_a_number';
      return withinNumberRange(question, number) ? undefined : 'out_of_range';
    }
    case 'Rating':
      if (parseNumberAnswer(value) === undefined) return 'not_a_number';
      return parseRatingAnswer(value) === undefined ? 'out_of_range' : undefined;
    case 'Radio':
    case 'Picklist':
      return optionLabels(question).includes(value) ? undefined : 'not_an_option';
    case 'MultiPicklist': {
      const labels = optionLabels(question);
      const chosen = splitMultiAnswer(value);
      const ok = chosen.length > 0 && chosen.every((label) => labels.includes(label));
      return ok ? undefined : 'not_an_option';
    }
    default:
      return undefined;
  }
}

export type QuestionnaireProblem =
  | { kind: 'duplicate_id'; questionId: string }
  | { kind: 'unknown_type'; questionId: string; type: string }
  | { kind: 'unknown_target'; questionId: string; target: string }
  | { kind: 'backward_jump'; questionId: string; target: string }
  | { kind: 'unknown_non_answer_option'; questionId: string; option: string };

/** Everything wrong with a questionnaire; an empty list means it is usable. */
export function validateQuestionnaire(
  questions: readonly EngineQuestion[],
): QuestionnaireProblem[] {
  const problems: QuestionnaireProblem[] = [];
  const indexById = new Map<string, number>();
  questions.forEach((question, index) => {
    if (indexById.has(question.id))
      problems.push({ kind: 'duplicate_id', questionId: question.id });
    indexById.set(question.id, index);
  });
  questions.forEach((question, index) => {
    if (!isKnownQuestionType(question.type)) {
      problems.push({ kind: 'unknown_type', questionId: question.id, type: question.type });
    }
    const { less, greater, equal } = question.validation_logic;
    const targets = [...Object.values(question.values), less, greater, equal].filter(
      (target): target is string => typeof target === 'string',
    );
    const nonAnswerOption = question.non_answer_next;
    if (nonAnswerOption !== undefined && !(nonAnswerOption in question.values)) {
      problems.push({
        kind: 'unknown_non_answer_option',
        questionId: question.id,
        option: nonAnswerOption,
      });
    }
    for (const target of targets) {
      if (target === END_TARGET) continue;
      const targetIndex = indexById.get(target);
      if (targetIndex === undefined) {
        problems.push({ kind: 'unknown_target', questionId: question.id, target });
      } else if (targetIndex <= index) {
        problems.push({ kind: 'backward_jump', questionId: question.id, target });
      }
    }
  });
  return problems;
}

export interface PathAnswer {
  questionId: string;
  answer: string | null;
  /** 'Refused' or "Don't know" instead of an answer (then `answer` is null). */
  nonAnswer?: NonAnswer | null | undefined;
}

export type PathProblem =
  | { kind: 'unexpected_question'; position: number; expected: string | null; got: string }
  | { kind: 'incomplete'; expected: string }
  | { kind: 'invalid_answer'; position: number; questionId: string; problem: AnswerProblem };

export interface AnswerPathOptions {
  /** A break-off (ADR 060): the path may stop before the end. */
  partial?: boolean;
}

/**
 * Whether `answers`, in order, are exactly the questions a respondent would see: each answer
 * acceptable for its question, each next question the one the previous answer leads to, and the
 * path running to the end (unless `partial`). Returns the first problem, or undefined when the
 * path is valid.
 */
export function validateAnswerPath(
  questions: readonly EngineQuestion[],
  answers: readonly PathAnswer[],
  options: AnswerPathOptions = {},
): PathProblem | undefined {
  let index = 0;
  for (let position = 0; position < answers.length; position += 1) {
    const entry = answers[position] as PathAnswer;
    const question = questions[index];
    if (!question || question.id !== entry.questionId) {
      return {
        kind: 'unexpected_question',
        position,
        expected: question?.id ?? null,
        got: entry.questionId,
      };
    }
    const problem = answerProblem(question, entry.answer, entry.nonAnswer);
    if (problem) return { kind: 'invalid_answer', position, questionId: question.id, problem };
    index = nextQuestionIndex(
      questions,
      index,
      entry.nonAnswer ? null : entry.answer,
      entry.nonAnswer ?? null,
    );
  }
  const missing = options.partial ? undefined : questions[index];
  return missing ? { kind: 'incomplete', expected: missing.id } : undefined;
}

/** The question runner's state: the answers given so far, as a stack (DESIGN §6). */
export interface RunnerState {
  /** Index of the question on screen; `questions.length` once the end is reached. */
  index: number;
  /** Answers of the questions already passed, in order; the top is the previous question. */
  history: PathAnswer[];
}

export const initialRunnerState: RunnerState = { index: 0, history: [] };

export type RunnerResult =
  | { ok: true; state: RunnerState }
  | {
      ok: false;
      reason: AnswerProblem | 'first_question';
    };

/** Answers the question on screen and moves to the next one (`index === length` at the end). */
export function answerAndAdvance(
  questions: readonly EngineQuestion[],
  state: RunnerState,
  answer: string | null,
  nonAnswer?: NonAnswer | null,
): RunnerResult {
  const question = questions[state.index];
  if (!question) return { ok: true, state };
  const normalised = nonAnswer || isBlank(answer) ? null : answer;
  const problem = answerProblem(question, normalised, nonAnswer);
  if (problem) return { ok: false, reason: problem };
  const entry: PathAnswer = nonAnswer
    ? { questionId: question.id, answer: null, nonAnswer }
    : { questionId: question.id, answer: normalised };
  return {
    ok: true,
    state: {
      index: nextQuestionIndex(questions, state.index, normalised, nonAnswer ?? null),
      history: [...state.history, entry],
    },
  };
}

/** Goes back to the previous question, removing its answer from the stack. */
export function goBack(questions: readonly EngineQuestion[], state: RunnerState): RunnerResult {
  const previous = state.history.at(-1);
  if (!previous) return { ok: false, reason: 'first_question' };
  const index = questions.findIndex((question) => question.id === previous.questionId);
  return { ok: true, state: { index: Math.max(index, 0), history: state.history.slice(0, -1) } };
}
