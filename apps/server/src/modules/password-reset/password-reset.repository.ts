import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Inserts the reset for the active account with this email, in one statement that runs the same
 * whether or not there is one (ADR 020); the account's id, or undefined when none was found.
 */
export async function insertResetForActiveUser(
  db: Kysely<Database>,
  reset: { id: string; email: string; code_hash: string; created_at: string; expires_at: string },
): Promise<string | undefined> {
  const row = await db
    .insertInto('password_resets')
    .columns(['id', 'user_id', 'code_hash', 'created_at', 'expires_at', 'attempts'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          sql.val(reset.id).as('id'),
          'users.id as user_id',
          sql.val(reset.code_hash).as('code_hash'),
          sql.val(reset.created_at).as('created_at'),
          sql.val(reset.expires_at).as('expires_at'),
          sql.val(0).as('attempts'),
        ])
        .where('users.email', '=', reset.email)
        .where('users.active', '=', 1),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function findPasswordReset(db: Kysely<Database>, id: string) {
  return db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function incrementResetAttempts(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks an unused code used; false when another request used it first. */
export async function consumePasswordReset(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Ends every other outstanding code of the user. */
export async function retireUserResets(
  db: Kysely<Database>,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
