import type { Kysely } from 'kysely';

/**
 * Locked instruments (issue 34 item 1, ADR 052). `questionnaires.instrument`: the validated
 * instrument whose items lead the questionnaire as it is being edited (the draft's, or the
 * published version's when there is no draft); `questionnaire_versions.instrument`: the one a
 * version was published with, frozen like its questions. Null: none. Options' scores live in
 * the questions' JSON.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questionnaires').addColumn('instrument', 'text').execute();
  await db.schema.alterTable('questionnaire_versions').addColumn('instrument', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questionnaire_versions').dropColumn('instrument').execute();
  await db.schema.alterTable('questionnaires').dropColumn('instrument').execute();
}
