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
export async function listVersionQuestions(
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
