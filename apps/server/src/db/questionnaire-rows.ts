/**
 * A published questionnaire version as rows (ADR 017): the `questions` rows the staff are asked
 * (new ids, the version's number, the stable key, QuestionMeta) and the frozen draft-shape
 * questions of `questionnaire_versions`. One function for every way a version comes to be: an
 * administrator's publish, a new facility's standard questionnaires, the demo seed. Also the
 * option key(s) of an answer, which submission and the seeds store with it.
 */
import {
  draftToQuestions,
  isChoiceType,
  normalizeDraft,
  splitMultiAnswer,
  type BuiltQuestion,
  type DraftQuestion,
  type Question,
} from '@carevoice/shared';
import type { Insertable } from 'kysely';
import type { Database, QuestionMeta } from './database.js';
import { questionColumns } from './values.js';

export type QuestionRow = Insertable<Database['questions']> & { id: string };

/** What the wire and the server need of a (normalized) draft question beyond the spec's fields. */
export function questionMeta(
  question: DraftQuestion,
  texts: QuestionMeta['texts'] | undefined,
  built: Pick<BuiltQuestion, 'non_answer_next' | 'interviewer_text' | 'labels'> = {},
): QuestionMeta {
  const alertBelow = question.number?.alert_below;
  return {
    option_keys: Object.fromEntries(
      question.options.map((option) => [option.label.en, option.key]),
    ),
    alert_options: question.options.filter((option) => option.alert).map((option) => option.key),
    ...(typeof alertBelow === 'number' ? { alert_below: alertBelow } : {}),
    ...(texts ? { texts } : {}),
    ...(question.comment_box ? { comment_box: true } : {}),
    allow_non_answer: question.allow_non_answer !== false,
    ...(built.non_answer_next !== undefined ? { non_answer_next: built.non_answer_next } : {}),
    ...(built.interviewer_text ? { interviewer_text: built.interviewer_text } : {}),
    ...(built.labels ? { labels: built.labels } : {}),
  };
}

/**
 * The rows of one version of a questionnaire: `questions` in order, with ids from `idOf` (new
 * for every version), and the draft as frozen (normalized: trimmed, numbers parsed).
 */
export function versionRows(
  questionnaireId: string,
  version: number,
  draft: readonly DraftQuestion[],
  idOf: (key: string) => string,
): { questions: QuestionRow[]; frozen: DraftQuestion[] } {
  const frozen = normalizeDraft(draft);
  const built = draftToQuestions(frozen, { idOf });
  const questions = built.map((question, position) => {
    const source = frozen[position] as DraftQuestion;
    // Pairs in display order (an object would put labels like "10" first).
    const pairs = isChoiceType(source.type)
      ? source.options.map(
          (option) => [option.label.en, question.values[option.label.en] ?? null] as const,
        )
      : [];
    return {
      id: question.id,
      questionnaire_id: questionnaireId,
      position,
      name: question.name,
      type: question.type,
      ...questionColumns(pairs, question.validation_logic),
      version,
      key: question.key,
      meta_json: JSON.stringify(questionMeta(source, question.texts, question)),
    };
  });
  return { questions, frozen };
}

/**
 * The option key(s) of an answer as stored: a choice answer's option key, a MultiPicklist's keys
 * joined with ';' in display order; null for Text, Number and blank answers.
 */
export function answerKeyOf(
  question: Question,
  meta: QuestionMeta,
  answer: string | null,
): string | null {
  if (answer === null || answer.trim() === '' || !isChoiceType(question.type)) return null;
  const labels = Object.keys(meta.option_keys);
  const chosen = question.type === 'MultiPicklist' ? splitMultiAnswer(answer) : [answer];
  const keys = labels
    .filter((label) => chosen.includes(label))
    .map((label) => meta.option_keys[label] as string);
  return keys.length > 0 ? keys.join(';') : null;
}

/** A stored `meta_json`, or an empty meta when the column holds something else. */
export function parseQuestionMeta(json: string): QuestionMeta {
  try {
    const value = JSON.parse(json) as Partial<QuestionMeta> | null;
    if (value && typeof value === 'object') {
      return { option_keys: {}, alert_options: [], ...value } as QuestionMeta;
    }
  } catch {
    // fall through
  }
  return { option_keys: {}, alert_options: [] };
}

/**
 * Whether a stored answer matches its question's alert rule (ADR 023): a choice answer with an
 * option marked `alert` in the version it was given on, or a Number answer below `alert_below`.
 */
export function answerRaisesAlert(
  type: string,
  meta: QuestionMeta,
  answer: string | null,
  answerKey: string | null,
): boolean {
  if (answer === null) return false;
  if (type === 'Number') {
    const below = meta.alert_below;
    const value = Number(answer);
    return (
      typeof below === 'number' && answer.trim() !== '' && Number.isFinite(value) && value < below
    );
  }
  if (answerKey === null || meta.alert_options.length === 0) return false;
  return answerKey.split(';').some((key) => meta.alert_options.includes(key));
}
