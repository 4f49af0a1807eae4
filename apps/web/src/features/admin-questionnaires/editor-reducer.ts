import {
  questionnaireAllowsNonAnswer,
  unusedKey,
  withNonAnswerSetting,
  type DraftOption,
  type DraftQuestion,
} from '@carevoice/shared';

/**
 * The questions in the editor (ADR 017): changed only by these actions, so every change is one
 * the autosave sends and the tests can name. Deleting a question also clears the targets that
 * led to it (they would dangle); moving one keeps them (a target that now leads backwards is a
 * problem the card shows).
 */
export type EditorAction =
  /** A whole new set of questions (a template, a copy, a file, a version, a reload). */
  | { type: 'replace'; questions: readonly DraftQuestion[] }
  | { type: 'add'; question: DraftQuestion }
  | { type: 'update'; index: number; question: DraftQuestion }
  /** One option of a question changed, or deleted: an option row sends only its own change. */
  | { type: 'update-option'; index: number; key: string; option: Partial<DraftOption> }
  | { type: 'remove-option'; index: number; key: string }
  | { type: 'duplicate'; index: number }
  | { type: 'remove'; index: number }
  | { type: 'move'; from: number; to: number }
  /** The questionnaire's setting: every question may be declined, or none (ADR 033). */
  | { type: 'allow-non-answer'; allow: boolean };

/**
 * Questions with one non-answer setting for the questionnaire (ADR 033): questionnaires saved
 * when it was a setting of each question read as on unless every question had it off.
 */
export function withOneNonAnswerSetting(
  questions: readonly DraftQuestion[],
): readonly DraftQuestion[] {
  return withNonAnswerSetting(questions, questionnaireAllowsNonAnswer(questions));
}

/** A new question of the type, with a key no other question has. */
export function newQuestion(type: string, existing: readonly DraftQuestion[]): DraftQuestion {
  const key = unusedKey(
    'q',
    existing.map((question) => question.key),
  );
  const choice = type === 'Radio' || type === 'Picklist' || type === 'MultiPicklist';
  return {
    key,
    type,
    text: { en: '' },
    options: choice ? [{ key: 'option-1', label: { en: '' }, next: null }] : [],
    required: true,
    ...(type === 'Number'
      ? { number: { value: null, less: null, equal: null, greater: null } }
      : {}),
    ...(type === 'Rating' ? { labels: { low: { en: '' }, high: { en: '' } } } : {}),
    allow_non_answer: true,
  };
}

/** Targets that named `key` lead to the next question instead. */
function withoutTarget(question: DraftQuestion, key: string): DraftQuestion {
  const leadsThere =
    question.options.some((option) => option.next === key) ||
    (question.number !== undefined &&
      [question.number.less, question.number.equal, question.number.greater].includes(key));
  if (!leadsThere) return question;
  return {
    ...question,
    options: question.options.map((option) =>
      option.next === key ? { ...option, next: null } : option,
    ),
    ...(question.number
      ? {
          number: {
            ...question.number,
            less: question.number.less === key ? null : question.number.less,
            equal: question.number.equal === key ? null : question.number.equal,
            greater: question.number.greater === key ? null : question.number.greater,
          },
        }
      : {}),
  };
}

export function editorReducer(
  questions: readonly DraftQuestion[],
  action: EditorAction,
): readonly DraftQuestion[] {
  switch (action.type) {
    case 'replace':
      return withOneNonAnswerSetting(action.questions);
    case 'add':
      // A new question follows the questionnaire's non-answer setting.
      return [
        ...questions,
        { ...action.question, allow_non_answer: questionnaireAllowsNonAnswer(questions) },
      ];
    case 'allow-non-answer':
      return withNonAnswerSetting(questions, action.allow);
    case 'update':
      return questions.map((question, index) =>
        index === action.index ? action.question : question,
      );
    case 'update-option':
      return questions.map((question, index) =>
        index === action.index
          ? {
              ...question,
              options: question.options.map((option) =>
                option.key === action.key ? { ...option, ...action.option } : option,
              ),
            }
          : question,
      );
    case 'remove-option':
      // Refused and Don't know that followed the removed option's branch go to the next question.
      return questions.map((question, index) =>
        index === action.index
          ? {
              ...question,
              options: question.options.filter((option) => option.key !== action.key),
              ...(question.non_answer_next === action.key ? { non_answer_next: undefined } : {}),
            }
          : question,
      );
    case 'duplicate': {
      const source = questions[action.index];
      if (!source) return questions;
      const copy = {
        ...structuredClone(source),
        key: unusedKey(
          `${source.key}-copy`.slice(0, 56),
          questions.map((question) => question.key),
        ),
      };
      return [...questions.slice(0, action.index + 1), copy, ...questions.slice(action.index + 1)];
    }
    case 'remove': {
      const removed = questions[action.index];
      if (!removed) return questions;
      return questions
        .filter((_, index) => index !== action.index)
        .map((question) => withoutTarget(question, removed.key));
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || !questions[from] || to < 0 || to >= questions.length) return questions;
      const next = [...questions];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved as DraftQuestion);
      return next;
    }
  }
}
