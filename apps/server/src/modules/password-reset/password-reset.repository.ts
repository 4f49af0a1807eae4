import type { Insertable, Kysely } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/database.js';

export async function insertPasswordReset(
  db: Kysely<Database>,
  reset: Insertable<PasswordResetsTable>,
): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute();
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
