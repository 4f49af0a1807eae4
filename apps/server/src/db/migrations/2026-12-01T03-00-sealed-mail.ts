import type { Kysely } from 'kysely';

/**
 * Mails that carry a secret go through the durable outbox too (issue 31 finding 5, ADR 044): an
 * invitation's link and a password-reset code. `mail_outbox.sealed` is 1 for such a mail, whose
 * `text` is then sealed with the secret box (lib/secret-box.ts, under SESSION_SECRET) and erased
 * once the mail was sent. Existing rows are plain (0). The same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('sealed').execute();
}
