import type { Kysely } from 'kysely';
import { isPostgres } from '../is-postgres.js';

/**
 * On SQLite, a covering index for the answers a results export reads (issue 31 finding 4, ADR 057,
 * docs/performance.md): an export reads every answer of every survey it writes, by survey, and
 * with the question, answer, comment and non-answer in the index it reads the index alone
 * instead of one table row per answer — on the volume data 30,064 surveys' answers took 330 ms
 * instead of 700. It starts with the columns of `answers_survey_idx`, which it replaces.
 *
 * Not on PostgreSQL: an index entry there must fit in a third of a page (~2,700 bytes), and a
 * free-text answer or comment may not, which would refuse the answer's insert; SQLite has no
 * such limit. PostgreSQL keeps `answers_survey_idx`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createIndex('answers_survey_export_idx')
    .on('answers')
    .columns(['survey_id', 'position', 'question_id', 'answer', 'comment', 'non_answer'])
    .execute();
  await db.schema.dropIndex('answers_survey_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createIndex('answers_survey_idx')
    .on('answers')
    .columns(['survey_id', 'position'])
    .execute();
  await db.schema.dropIndex('answers_survey_export_idx').execute();
}
