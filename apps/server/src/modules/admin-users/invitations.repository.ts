import type { Insertable, Kysely } from 'kysely';
import type { Database, InvitationsTable } from '../../db/database.js';

export async function insertInvitation(
  db: Kysely<Database>,
  invitation: Insertable<InvitationsTable>,
): Promise<void> {
  await db.insertInto('invitations').values(invitation).execute();
}

/** The invitation whose token has this hash (the token itself is never stored). */
export async function findInvitationByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the invitation used if it is still open and unexpired at `at`; false when another request
 * used it first, or it was revoked or replaced meanwhile.
 */
export async function consumeInvitation(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Revokes every open invitation of the user; how many there were. */
export async function revokeOpenInvitations(
  db: Kysely<Database>,
  userId: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
