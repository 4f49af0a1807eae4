/**
 * A questionnaire's questions as the API answers them, in position order: needed by the surveys
 * module and by the seed generators, which sit beside it, so it lives below both. The staff are
 * asked the PUBLISHED version's rows (ADR 017); a submission is checked against the version
 * whose question ids it answers.
 */
import type { Question } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database, QuestionMeta } from './database.js';
import { parseQuestionMeta } from './questionnaire-rows.js';
import { questionFromRow } from './values.js';

const QUESTION_COLUMNS = [
  'questions.id',
  'questions.name',
  'questions.type',
  'questions.values_json',
  'questions.validation_json',
  'questions.key',
  'questions.meta_json',
] as const;

/** The published version's questions (none when it was never published). */
export async function listQuestions(
  db: Kysely<Database>,
  questionnaireId: string,
): Promise<Question[]> {
  const rows = await db
    .selectFrom('questions')
    .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
    .select(QUESTION_COLUMNS)
    .where('questions.questionnaire_id', '=', questionnaireId)
    .whereRef('questions.version', '=', 'questionnaires.published_version')
    .orderBy('questions.position')
    .orderBy('questions.id')
    .execute();
  return rows.map(questionFromRow);
}

/** A question as stored: the wire's Question and what the server knows besides (QuestionMeta). */
export interface StoredQuestion {
  question: Question;
  meta: QuestionMeta;
}

/** The questions of one version of a questionnaire, in order. */
async function listVersionQuestions(
  db: Kysely<Database>,
  questionnaireId: string,
  version: number,
): Promise<StoredQuestion[]> {
  const rows = await db
    .selectFrom('questions')
    .select(QUESTION_COLUMNS)
    .where('questions.questionnaire_id', '=', questionnaireId)
    .where('questions.version', '=', version)
    .orderBy('questions.position')
    .orderBy('questions.id')
    .execute();
  return rows.map((row) => ({
    question: questionFromRow(row),
    meta: parseQuestionMeta(row.meta_json),
  }));
}

/**
 * The questions of published versions, kept in memory for the submissions (ADR 039). A version's
 * rows are written once, when it is published, with new ids, and never changed or deleted
 * (ADR 017), so an entry can never go stale, on this instance or on another: nothing to
 * invalidate. Version 0 (never published) is read every time. Bounded: the oldest entry leaves
 * first.
 */
export class PublishedVersions {
  private readonly entries = new Map<string, StoredQuestion[]>();

  constructor(private readonly maxEntries: number) {}

  async questions(
    db: Kysely<Database>,
    questionnaireId: string,
    version: number,
  ): Promise<StoredQuestion[]> {
    if (version < 1) return listVersionQuestions(db, questionnaireId, version);
    const key = `${questionnaireId}/${version}`;
    const kept = this.entries.get(key);
    if (kept) return kept;
    const questions = await listVersionQuestions(db, questionnaireId, version);
    if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, questions);
    return questions;
  }
}

/** Which questionnaire and version each of the question ids belongs to (unknown ids are left out). */
export async function findQuestionVersions(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; questionnaire_id: string; version: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('questions')
    .select(['id', 'questionnaire_id', 'version'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
