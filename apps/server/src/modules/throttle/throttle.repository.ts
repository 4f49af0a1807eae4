import type { Kysely } from 'kysely';
import type { AttemptKind, Database } from '../../db/database.js';
import { toFlag } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';

export interface AttemptRow {
  kind: AttemptKind;
  account: string;
  ip: string;
  succeeded: boolean;
  at: string;
}

export async function insertAttempt(db: Kysely<Database>, attempt: AttemptRow): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      id: newRowId(),
      kind: attempt.kind,
      account: attempt.account,
      ip: attempt.ip,
      succeeded: toFlag(attempt.succeeded),
      created_at: attempt.at,
    })
    .execute();
}

/** How many attempts (only failed ones, or all) match since `since`, and the oldest of them. */
export async function attemptStats(
  db: Kysely<Database>,
  filter: {
    kind: AttemptKind;
    column: 'account' | 'ip';
    value: string;
    since: string;
    failuresOnly: boolean;
  },
): Promise<{ count: number; oldest: string | null }> {
  let query = db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('kind', '=', filter.kind)
    .where(filter.column, '=', filter.value)
    .where('created_at', '>', filter.since);
  if (filter.failuresOnly) query = query.where('succeeded', '=', 0);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}
