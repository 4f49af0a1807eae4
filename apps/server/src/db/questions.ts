/**
 * A questionnaire's questions as the API answers them, in position order: needed by the surveys
 * module and by the seed generators, which sit beside it, so it lives below both.
 */
import type { Question } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import { questionFromRow } from './values.js';

export async function listQuestions(
  db: Kysely<Database>,
  questionnaireId: string,
): Promise<Question[]> {
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'name', 'type', 'values_json', 'validation_json'])
    .where('questionnaire_id', '=', questionnaireId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(questionFromRow);
}
