import type { Kysely } from 'kysely';

/**
 * Trust at scale (issue 19, ADR 020–022):
 * - `sessions.refresh_jti`: the id of the one refresh token of a session that may still be used;
 *   a refresh rotates it, and presenting an older one ends the session (reuse detection).
 * - `users.mfa_*`: the TOTP secret (encrypted under SESSION_SECRET), one awaiting confirmation
 *   while it is being set up, when it was turned on, and the last time step a code was accepted
 *   at (a code is never accepted twice).
 * - `mfa_recovery_codes`: ten single-use codes per user, stored as HMACs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('refresh_jti', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_last_time_step', 'integer').execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('mfa_recovery_codes_user_idx')
    .on('mfa_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').execute();
  for (const column of [
    'mfa_last_time_step',
    'mfa_enabled_at',
    'mfa_pending_secret',
    'mfa_secret',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.alterTable('sessions').dropColumn('refresh_jti').execute();
}
