/**
 * The questionnaire builder's rules (DESIGN §8, ADR 017), beside the one branching engine
 * (survey-engine.ts) and built on it: what a draft question is, what is wrong with a draft, and
 * the engine's questions made from a draft — the preview runs the real runner on them (ids = keys)
 * and publishing stores them (ids = new row ids). The web editor shows these problems next to
 * each question; the server refuses to publish while any error remains.
 *
 * A draft may hold incomplete input (a threshold not typed yet, an empty label): the draft is
 * saved as it is and this module says what is still wrong. Warnings never block publishing.
 */
import { END_TARGET, isKnownQuestionType, type EngineQuestion } from './survey-engine.js';
import {
  DEFAULT_RESIDENT_LANGUAGE,
  RESIDENT_LANGUAGES,
  RESIDENT_LANGUAGE_LABELS,
  type ResidentLanguage,
} from './enums.js';

/** Texts in each language: English always, the others when written. */
export type LocalizedText = { en: string } & Partial<Record<ResidentLanguage, string>>;

/** An answer option of a draft question (Radio, Picklist, MultiPicklist). */
export interface DraftOption {
  /** Stable: answers in any language, and across versions, count as this option. */
  key: string;
  label: LocalizedText;
  /**
   * The key of the question this answer jumps to; null = the next in sequence; END_TARGET
   * ("end") = the interview ends (ADR 060).
   */
  next: string | null;
  /** Choosing it raises an alert (the results area reads it). */
  alert?: boolean | undefined;
  /** The option's numeric score (a measure's scale, ADR 052), frozen with the version. */
  score?: number | undefined;
}

/**
 * A Number question's threshold. `value` is what was typed: a number, or text that is not one
 * yet (an error until it is). The targets are question keys (null = next in sequence).
 */
export interface DraftNumber {
  value: number | string | null;
  less: string | null;
  equal: string | null;
  greater: string | null;
  /** An answer below this raises an alert (the results area reads it). */
  alert_below?: number | string | null | undefined;
  /** The smallest answer accepted (ADR 060); null / absent: none. */
  min?: number | string | null | undefined;
  /** The largest answer accepted (ADR 060); null / absent: none. */
  max?: number | string | null | undefined;
}

/** The words at the two ends of a Rating question's 0–10 scale. */
export interface DraftRatingLabels {
  low: LocalizedText;
  high: LocalizedText;
}

/** A question of a draft (DESIGN §8: the draft question shape). */
export interface DraftQuestion {
  /** Stable across versions: results group answers by it. */
  key: string;
  type: string;
  text: LocalizedText;
  options: DraftOption[];
  required: boolean;
  number?: DraftNumber | undefined;
  /** Survey sets: a comments box under the question. */
  comment_box?: boolean | undefined;
  /**
   * The resident may decline ("Refused", "Don't know"); on unless turned off. A setting of the
   * whole questionnaire (ADR 033): every question of a draft carries the same value
   * (`withNonAnswerSetting`); versions published before may differ per question.
   */
  allow_non_answer?: boolean | undefined;
  /** Read by staff only, never shown large to the resident, printed apart (ADR 060). */
  interviewer_text?: LocalizedText | undefined;
  /**
   * The key of the option whose branch Refused / Don't know follow (choice questions; ADR 060).
   * Absent or null: a non-answer goes to the next question.
   */
  non_answer_next?: string | null | undefined;
  /** A Rating question's end labels (0 and 10). */
  labels?: DraftRatingLabels | undefined;
}

/**
 * The questionnaire's non-answer setting read from its questions (ADR 033): on unless every
 * question has it off, so questionnaires saved before it was one setting read as they behaved
 * for most of their questions, and an empty questionnaire as the default (on).
 */
export function questionnaireAllowsNonAnswer(
  questions: readonly Pick<DraftQuestion, 'allow_non_answer'>[],
): boolean {
  return (
    questions.length === 0 || questions.some((question) => question.allow_non_answer !== false)
  );
}

/** Every question of a draft with the questionnaire's non-answer setting (ADR 033). */
export function withNonAnswerSetting<Q extends Pick<DraftQuestion, 'allow_non_answer'>>(
  questions: readonly Q[],
  allow: boolean,
): Q[] {
  return questions.map((question) => ({ ...question, allow_non_answer: allow }));
}

export type ProblemSeverity = 'error' | 'warning';

/** What is wrong with a draft, said of one question (and option) and one field of it. */
export interface DraftProblem {
  question_key: string;
  option_key?: string | undefined;
  /**
   * The field: `key`, `type`, `text.<language>`, `options`, `options.label.<language>`,
   * `options.next`, `number.value`, `number.less|equal|greater`, `number.alert_below`,
   * `number.min`, `labels`, `non_answer_next`, `reachable`.
   */
  field: string;
  severity: ProblemSeverity;
  message: string;
}

/** Question types whose answers are options. */
export const CHOICE_QUESTION_TYPES = ['Radio', 'Picklist', 'MultiPicklist'] as const;

export function isChoiceType(type: string): boolean {
  return (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);
}

/** A key: letters, digits, `_` and `-` (usable as an id on the wire: the preview's ids). */
export const DRAFT_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const languageName = (language: ResidentLanguage) => RESIDENT_LANGUAGE_LABELS[language];

/** The texts of the problems (one place; the editor shows them as they are). */
export const QUESTIONNAIRE_PROBLEM_TEXT = {
  keyInvalid: 'The question key must be 1 to 64 letters, digits, "_" or "-".',
  keyDuplicate: (key: string) => `Another question has the key "${key}".`,
  typeUnknown: (type: string) =>
    `"${type}" is not a question type. Choose Text, Radio, Picklist, MultiPicklist, Number or Rating.`,
  keyReserved: `The key "${END_TARGET}" means the end of the interview; choose another key.`,
  textRequired: 'Write the question.',
  optionsRequired: 'Add at least one answer option.',
  optionKeyInvalid: 'The option key must be 1 to 64 letters, digits, "_" or "-".',
  optionKeyDuplicate: (key: string) => `Another option of this question has the key "${key}".`,
  labelRequired: 'Write the answer option.',
  labelDuplicate: (label: string) => `Another option of this question reads "${label}".`,
  labelSeparator: 'An option of a multiple-choice question cannot contain ";".',
  translationDuplicate: (language: ResidentLanguage, label: string) =>
    `Another option's ${languageName(language)} text also reads "${label}".`,
  targetUnknown: (key: string) => `The question "${key}" this leads to does not exist.`,
  targetBackward:
    'An answer can only lead to a later question: this one would go back (a loop). Move the question or choose a later one.',
  numberValueNotNumeric: 'The threshold must be a number, e.g. 7 or 2.5.',
  numberTargetsWithoutValue: 'Type the threshold the less / equal / greater targets compare with.',
  alertBelowNotNumeric: 'The alert threshold must be a number, e.g. 3.',
  rangeNotNumeric: 'The smallest and largest answers must be numbers, e.g. 0 or 120.',
  rangeReversed: 'The smallest answer accepted is larger than the largest.',
  ratingLabelRequired: 'Write the words at both ends of the 0–10 scale.',
  nonAnswerOptionUnknown: (key: string) =>
    `The option "${key}" that Refused and Don't know should follow does not exist.`,
  unreachable:
    'No answer path reaches this question: every earlier answer jumps past it. Staff will never ask it.',
  translationMissing: (language: ResidentLanguage) =>
    `No ${languageName(language)} text yet: ${languageName(language)}-speaking residents will read the English.`,
  optionTranslationMissing: (language: ResidentLanguage) =>
    `This option has no ${languageName(language)} text yet.`,
} as const;

const problemText = QUESTIONNAIRE_PROBLEM_TEXT;

/** A threshold as a number, or undefined when what was typed is not one (null: none typed). */
export function draftNumberValue(
  value: number | string | null | undefined,
): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The languages other than English of a facility's list, in the shared order. */
export function translationLanguages(languages: readonly string[]): ResidentLanguage[] {
  return RESIDENT_LANGUAGES.filter(
    (language) => language !== DEFAULT_RESIDENT_LANGUAGE && languages.includes(language),
  );
}

function targetsOf(question: DraftQuestion): { field: string; option?: string; key: string }[] {
  const targets: { field: string; option?: string; key: string }[] = [];
  if (isChoiceType(question.type)) {
    for (const option of question.options) {
      if (option.next !== null) {
        targets.push({ field: 'options.next', option: option.key, key: option.next });
      }
    }
  }
  if (question.type === 'Number' && question.number) {
    for (const relation of ['less', 'equal', 'greater'] as const) {
      const key = question.number[relation];
      if (key !== null) targets.push({ field: `number.${relation}`, key });
    }
  }
  return targets;
}

/**
 * The indexes a respondent can reach, as the engine moves (nextQuestionIndex): an answer's
 * target when it jumps forward to a question that exists, otherwise the next in sequence. A
 * question can also be left to the next one by a blank optional answer, a non-answer, a Text
 * answer, an option without a target, or a Number answer whose relation has no target.
 */
function reachableIndexes(questions: readonly DraftQuestion[]): Set<number> {
  const indexByKey = new Map<string, number>();
  questions.forEach((question, index) => {
    if (!indexByKey.has(question.key)) indexByKey.set(question.key, index);
  });
  const successors = (index: number): number[] => {
    const question = questions[index] as DraftQuestion;
    const next = new Set<number>();
    const jump = (key: string | null) => {
      if (key === END_TARGET) return;
      const target = key === null ? undefined : indexByKey.get(key);
      next.add(target !== undefined && target > index ? target : index + 1);
    };
    const nonAnswerOption = question.options.find(
      (option) => option.key === question.non_answer_next,
    );
    const nonAnswerToNext = question.allow_non_answer !== false && !nonAnswerOption;
    const leavesToNext =
      !question.required ||
      nonAnswerToNext ||
      !isChoiceType(question.type) ||
      question.options.length === 0;
    if (leavesToNext && question.type !== 'Number') next.add(index + 1);
    if (isChoiceType(question.type)) {
      for (const option of question.options) jump(option.next);
    } else if (question.type === 'Number') {
      const value = draftNumberValue(question.number?.value);
      if (typeof value !== 'number' || !question.number) next.add(index + 1);
      else
        for (const relation of ['less', 'equal', 'greater'] as const)
          jump(question.number[relation]);
      if (!question.required || question.allow_non_answer !== false) next.add(index + 1);
    }
    return [...next];
  };
  const seen = new Set<number>();
  const queue = questions.length > 0 ? [0] : [];
  while (queue.length > 0) {
    const index = queue.pop() as number;
    if (seen.has(index) || index >= questions.length) continue;
    seen.add(index);
    queue.push(...successors(index));
  }
  return seen;
}

export interface ValidateDraftOptions {
  /** The languages the facility offers (a set: every offering facility's): missing ones warn. */
  languages?: readonly string[];
}

/**
 * Everything wrong with a draft, in question order: errors (publishing is refused while any
 * remain) and warnings (unreachable questions, missing translations). An empty list: ready.
 */
export function validateDraft(
  questions: readonly DraftQuestion[],
  options: ValidateDraftOptions = {},
): DraftProblem[] {
  const languages = translationLanguages(options.languages ?? []);
  const problems: DraftProblem[] = [];
  const add = (problem: DraftProblem) => problems.push(problem);
  const indexByKey = new Map<string, number>();
  const duplicated = new Set<string>();
  questions.forEach((question, index) => {
    if (indexByKey.has(question.key)) duplicated.add(question.key);
    else indexByKey.set(question.key, index);
  });
  const reachable = reachableIndexes(questions);

  questions.forEach((question, index) => {
    const key = question.key;
    const error = (field: string, message: string, option?: string) =>
      add({
        question_key: key,
        ...(option ? { option_key: option } : {}),
        field,
        severity: 'error',
        message,
      });
    const warning = (field: string, message: string, option?: string) =>
      add({
        question_key: key,
        ...(option ? { option_key: option } : {}),
        field,
        severity: 'warning',
        message,
      });

    if (!DRAFT_KEY_PATTERN.test(key)) error('key', problemText.keyInvalid);
    else if (key === END_TARGET) error('key', problemText.keyReserved);
    else if (duplicated.has(key) && indexByKey.get(key) !== index) {
      error('key', problemText.keyDuplicate(key));
    }
    if (!isKnownQuestionType(question.type)) error('type', problemText.typeUnknown(question.type));
    if (question.text.en.trim() === '') error('text.en', problemText.textRequired);
    for (const language of languages) {
      if ((question.text[language] ?? '').trim() === '') {
        warning(`text.${language}`, problemText.translationMissing(language));
      }
    }

    if (isChoiceType(question.type)) {
      if (question.options.length === 0) error('options', problemText.optionsRequired);
      const optionKeys = new Set<string>();
      const labels = new Map<string, Set<string>>();
      for (const option of question.options) {
        if (!DRAFT_KEY_PATTERN.test(option.key)) {
          error('options.key', problemText.optionKeyInvalid, option.key);
        } else if (optionKeys.has(option.key)) {
          error('options.key', problemText.optionKeyDuplicate(option.key), option.key);
        }
        optionKeys.add(option.key);
        const english = option.label.en.trim();
        if (english === '') error('options.label.en', problemText.labelRequired, option.key);
        else if (labels.get('en')?.has(english)) {
          error('options.label.en', problemText.labelDuplicate(english), option.key);
        } else if (question.type === 'MultiPicklist' && english.includes(';')) {
          error('options.label.en', problemText.labelSeparator, option.key);
        }
        labels.set('en', (labels.get('en') ?? new Set()).add(english));
        for (const language of languages) {
          const translated = (option.label[language] ?? '').trim();
          if (translated === '') {
            warning(
              `options.label.${language}`,
              problemText.optionTranslationMissing(language),
              option.key,
            );
            continue;
          }
          if (labels.get(language)?.has(translated)) {
            error(
              `options.label.${language}`,
              problemText.translationDuplicate(language, translated),
              option.key,
            );
          }
          labels.set(language, (labels.get(language) ?? new Set()).add(translated));
        }
      }
    }

    if (question.type === 'Number') {
      const threshold = question.number;
      const value = draftNumberValue(threshold?.value);
      if (value === undefined) error('number.value', problemText.numberValueNotNumeric);
      else if (
        value === null &&
        threshold &&
        (threshold.less !== null || threshold.equal !== null || threshold.greater !== null)
      ) {
        error('number.value', problemText.numberTargetsWithoutValue);
      }
      if (draftNumberValue(threshold?.alert_below) === undefined) {
        error('number.alert_below', problemText.alertBelowNotNumeric);
      }
      const min = draftNumberValue(threshold?.min);
      const max = draftNumberValue(threshold?.max);
      if (min === undefined || max === undefined) error('number.min', problemText.rangeNotNumeric);
      else if (min !== null && max !== null && min > max) {
        error('number.min', problemText.rangeReversed);
      }
    }

    if (question.type === 'Rating') {
      const { low, high } = question.labels ?? { low: { en: '' }, high: { en: '' } };
      if (low.en.trim() === '' || high.en.trim() === '') {
        error('labels', problemText.ratingLabelRequired);
      }
    }

    const nonAnswerNext = question.non_answer_next;
    if (
      isChoiceType(question.type) &&
      nonAnswerNext !== null &&
      nonAnswerNext !== undefined &&
      !question.options.some((option) => option.key === nonAnswerNext)
    ) {
      error('non_answer_next', problemText.nonAnswerOptionUnknown(nonAnswerNext));
    }

    for (const target of targetsOf(question)) {
      if (target.key === END_TARGET) continue;
      const targetIndex = indexByKey.get(target.key);
      if (targetIndex === undefined) {
        error(target.field, problemText.targetUnknown(target.key), target.option);
      } else if (targetIndex <= index) {
        error(target.field, problemText.targetBackward, target.option);
      }
    }

    if (!reachable.has(index)) warning('reachable', problemText.unreachable);
  });
  return problems;
}

/** Whether the problems allow publishing: no error among them. */
export function hasErrors(problems: readonly DraftProblem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}

/** The first error of each question, by question key (the publish refusal's `errors`). */
export function firstErrorByQuestion(problems: readonly DraftProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    if (problem.severity === 'error') errors[problem.question_key] ??= problem.message;
  }
  return errors;
}

/** A question's text in a language, falling back to English when it has none there. */
export function textIn(text: LocalizedText, language: ResidentLanguage): string {
  const translated = text[language]?.trim();
  return translated ? translated : text.en.trim();
}

/** The end labels of a Rating question on the wire, in one language. */
export interface RatingLabels {
  low: string;
  high: string;
}

/**
 * The wire's `texts` of a question: its other languages' texts and option labels (and a
 * Rating's end labels).
 */
export type QuestionTexts = Partial<
  Record<
    ResidentLanguage,
    { name: string; values: Record<string, string>; labels?: RatingLabels | undefined }
  >
>;

function textsOf(question: DraftQuestion): QuestionTexts | undefined {
  const texts: QuestionTexts = {};
  for (const language of RESIDENT_LANGUAGES) {
    if (language === DEFAULT_RESIDENT_LANGUAGE) continue;
    const name = question.text[language]?.trim() ?? '';
    const values: Record<string, string> = {};
    if (isChoiceType(question.type)) {
      for (const option of question.options) {
        const label = option.label[language]?.trim();
        if (label) values[option.label.en.trim()] = label;
      }
    }
    const low = question.labels?.low[language]?.trim() ?? '';
    const high = question.labels?.high[language]?.trim() ?? '';
    const labels = low !== '' || high !== '' ? { labels: { low, high } } : {};
    if (name !== '' || Object.keys(values).length > 0 || low !== '' || high !== '') {
      texts[language] = { name, values, ...labels };
    }
  }
  return Object.keys(texts).length > 0 ? texts : undefined;
}

/** An engine question made from a draft question, with the wire's optional fields. */
export type BuiltQuestion = EngineQuestion & {
  key: string;
  texts?: QuestionTexts;
  comment_box?: boolean;
  allow_non_answer?: boolean;
  /** Staff-only text in every language written (ADR 060). */
  interviewer_text?: LocalizedText;
  /** A Rating question's end labels. */
  labels?: RatingLabels;
};

export interface DraftToQuestionsOptions {
  /** The language of names and labels (the preview); English by default (what is stored). */
  language?: ResidentLanguage;
  /** The id of each question from its key: the key itself by default (the preview). */
  idOf?: (key: string) => string;
}

/**
 * The engine's questions of a draft, in order: names and labels in `language` (English where a
 * text is missing), targets as ids (`idOf`), thresholds as numbers; options of Text and Number
 * questions are left out. The preview runs the runner on these; publishing stores them.
 */
export function draftToQuestions(
  draft: readonly DraftQuestion[],
  options: DraftToQuestionsOptions = {},
): BuiltQuestion[] {
  const language = options.language ?? DEFAULT_RESIDENT_LANGUAGE;
  const idOf = options.idOf ?? ((key: string) => key);
  const known = new Set(draft.map((question) => question.key));
  const target = (key: string | null) => {
    if (key === END_TARGET) return END_TARGET;
    return key !== null && known.has(key) ? idOf(key) : null;
  };
  return draft.map((question) => {
    const values: Record<string, string | null> = {};
    if (isChoiceType(question.type)) {
      for (const option of question.options) {
        values[textIn(option.label, language)] = target(option.next);
      }
    }
    const logic: EngineQuestion['validation_logic'] = { required: question.required };
    const value = draftNumberValue(question.number?.value);
    if (question.type === 'Number' && typeof value === 'number' && question.number) {
      logic.value = value;
      logic.less = target(question.number.less);
      logic.greater = target(question.number.greater);
      logic.equal = target(question.number.equal);
    }
    const min = draftNumberValue(question.number?.min);
    const max = draftNumberValue(question.number?.max);
    if (question.type === 'Number' && typeof min === 'number') logic.min = min;
    if (question.type === 'Number' && typeof max === 'number') logic.max = max;
    const texts = language === DEFAULT_RESIDENT_LANGUAGE ? textsOf(question) : undefined;
    const nonAnswerOption = isChoiceType(question.type)
      ? question.options.find((option) => option.key === question.non_answer_next)
      : undefined;
    const interviewer = interviewerTextOf(question);
    return {
      id: idOf(question.key),
      name: textIn(question.text, language),
      type: question.type,
      values,
      validation_logic: logic,
      key: question.key,
      ...(texts ? { texts } : {}),
      ...(question.comment_box ? { comment_box: true } : {}),
      allow_non_answer: question.allow_non_answer !== false,
      ...(nonAnswerOption ? { non_answer_next: textIn(nonAnswerOption.label, language) } : {}),
      ...(interviewer ? { interviewer_text: interviewer } : {}),
      ...(question.type === 'Rating' && question.labels
        ? {
            labels: {
              low: textIn(question.labels.low, language),
              high: textIn(question.labels.high, language),
            },
          }
        : {}),
    };
  });
}

/** A text trimmed, its empty translations left out. */
function cleanText(text: LocalizedText): LocalizedText {
  const result: LocalizedText = { en: text.en.trim() };
  for (const language of RESIDENT_LANGUAGES) {
    const value = text[language]?.trim();
    if (language !== DEFAULT_RESIDENT_LANGUAGE && value) result[language] = value;
  }
  return result;
}

/** A question's interviewer text trimmed, or undefined when nothing is written (ADR 060). */
export function interviewerTextOf(question: Pick<DraftQuestion, 'interviewer_text'>) {
  if (!question.interviewer_text) return undefined;
  const text = cleanText(question.interviewer_text);
  return Object.values(text).some((value) => value !== '') ? text : undefined;
}

/**
 * A draft as it is published: texts and labels trimmed, empty translations left out, thresholds
 * as numbers, no options on Text and Number questions, no threshold on other types.
 */
export function normalizeDraft(draft: readonly DraftQuestion[]): DraftQuestion[] {
  const clean = cleanText;
  return draft.map((question) => {
    const number = question.type === 'Number' ? question.number : undefined;
    const value = draftNumberValue(number?.value);
    const alertBelow = draftNumberValue(number?.alert_below);
    const min = draftNumberValue(number?.min);
    const max = draftNumberValue(number?.max);
    const interviewer = interviewerTextOf(question);
    const nonAnswerNext = isChoiceType(question.type) ? question.non_answer_next : undefined;
    return {
      key: question.key,
      type: question.type,
      text: clean(question.text),
      options: isChoiceType(question.type)
        ? question.options.map((option) => ({
            key: option.key,
            label: clean(option.label),
            next: option.next,
            ...(option.alert ? { alert: true } : {}),
            ...(option.score !== undefined ? { score: option.score } : {}),
          }))
        : [],
      required: question.required,
      ...(number
        ? {
            number: {
              value: typeof value === 'number' ? value : null,
              less: typeof value === 'number' ? number.less : null,
              equal: typeof value === 'number' ? number.equal : null,
              greater: typeof value === 'number' ? number.greater : null,
              ...(typeof alertBelow === 'number' ? { alert_below: alertBelow } : {}),
              ...(typeof min === 'number' ? { min } : {}),
              ...(typeof max === 'number' ? { max } : {}),
            },
          }
        : {}),
      ...(question.comment_box ? { comment_box: true } : {}),
      allow_non_answer: question.allow_non_answer !== false,
      ...(interviewer ? { interviewer_text: interviewer } : {}),
      ...(nonAnswerNext ? { non_answer_next: nonAnswerNext } : {}),
      ...(question.type === 'Rating' && question.labels
        ? { labels: { low: clean(question.labels.low), high: clean(question.labels.high) } }
        : {}),
    };
  });
}

/** A key not yet used: `prefix-1`, `prefix-2`, … */
export function unusedKey(prefix: string, used: Iterable<string>): string {
  const taken = new Set(used);
  for (let n = 1; ; n += 1) {
    const key = `${prefix}-${n}`;
    if (!taken.has(key)) return key;
  }
}
