/**
 * The queries of the durable mail outbox (ADR 023). `claimDue` takes a batch of unsent mails
 * whose time has come and moves their `next_attempt_at` past a lease in one transaction: on
 * PostgreSQL with `FOR UPDATE SKIP LOCKED`, so senders of several instances never claim the same
 * row; on SQLite the transaction is the only writer.
 */
import type { Dialect } from '../../db/connect.js';
import type { Insertable, Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/database.js';

export async function insertOutboxRows(
  db: Kysely<Database>,
  rows: Insertable<MailOutboxTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(rows)
    .onConflict((oc) => oc.columns(['event', 'recipient']).doNothing())
    .execute();
}

export interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  attempts: number;
  sealed: number;
}

/** Claims up to `limit` due mails; with `ids`, only those (a first try right after the commit). */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  now: string,
  leaseUntil: string,
  limit: number,
  ids?: readonly string[],
): Promise<ClaimedMail[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('mail_outbox')
      .select(['id', 'recipient', 'subject', 'text', 'attempts', 'sealed'])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    if (ids) query = query.where('id', 'in', ids);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('mail_outbox')
      .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

/** Marks a mail sent; a sealed one's body is erased (ADR 044). */
export async function markSent(
  db: Kysely<Database>,
  id: string,
  at: string,
  erase: boolean,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: at, last_error: null, ...(erase ? { text: '' } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(
  db: Kysely<Database>,
  id: string,
  nextAttemptAt: string,
  error: string,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: nextAttemptAt, last_error: error })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}
