import type { Kysely } from 'kysely';

/**
 * At the bedside (issue 17, ADR 025–026):
 * - `users.pin_hash`: the argon2id hash of the PIN that unlocks the tablet's lock; null: none.
 * - `answers.non_answer`: 'Refused' or "Don't know" when a question was declined (the answer is
 *   then null), so a non-answer is never read as a skipped question.
 * - `surveys.respondent`: who answered the survey, or declined it when its status is
 *   `consent_refused` (resident, family, representative).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pin_hash', 'text').execute();
  await db.schema.alterTable('answers').addColumn('non_answer', 'text').execute();
  await db.schema.alterTable('surveys').addColumn('respondent', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('surveys').dropColumn('respondent').execute();
  await db.schema.alterTable('answers').dropColumn('non_answer').execute();
  await db.schema.alterTable('users').dropColumn('pin_hash').execute();
}
