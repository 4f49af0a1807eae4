import type { Kysely } from 'kysely';

/**
 * The step between the password and the second factor (issue 31, ADR 042): `mfa_challenges`
 * holds one row per password accepted for a user with a second factor. The row's id is the
 * sha256 of the `mfa_token` handed to the browser (the database holds no usable token, as for
 * sessions); `failures` counts the wrong codes given with it, and `used_at` is set once by the
 * sign-in it opened, so a token works once and dies after a few wrong codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('mfa_challenges_user_idx')
    .on('mfa_challenges')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_challenges').execute();
}
