import { sql, type Kysely } from 'kysely';
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

export interface AttemptFilter {
  kind: AttemptKind;
  account: string;
  ip: string;
  /** Attempts after this timestamp count. */
  since: string;
  /** Count only failed attempts, or every attempt. */
  failuresOnly: boolean;
}

/** What the throttle rules read, counted in one statement over both indexes. */
export interface AttemptCounts {
  /** On the account, from any address. */
  account: number;
  /** On the account from this address, and the newest of them. */
  pair: number;
  pairNewest: string | null;
  /** From this address, on any account. */
  address: number;
}

export async function attemptCounts(
  db: Kysely<Database>,
  filter: AttemptFilter,
): Promise<AttemptCounts> {
  const { kind, account, ip, since } = filter;
  const failed = filter.failuresOnly ? sql`and succeeded = 0` : sql``;
  const { rows } = await sql<{
    account: number | null;
    pair: number | null;
    pair_newest: string | null;
    address: number | null;
  }>`
    select
      sum(case when account = ${account} then 1 else 0 end) as account,
      sum(case when account = ${account} and ip = ${ip} then 1 else 0 end) as pair,
      max(case when account = ${account} and ip = ${ip} then created_at end) as pair_newest,
      sum(case when ip = ${ip} then 1 else 0 end) as address
    from login_attempts
    where kind = ${kind} and created_at > ${since} and (account = ${account} or ip = ${ip}) ${failed}
  `.execute(db);
  const row = rows[0];
  return {
    account: Number(row?.account ?? 0),
    pair: Number(row?.pair ?? 0),
    pairNewest: row?.pair_newest ?? null,
    address: Number(row?.address ?? 0),
  };
}

/**
 * The time of the `nth` newest counted attempt on the account (`column` account) or from the
 * address (`column` ip): once it leaves the window, fewer than `nth` remain.
 */
export async function nthNewestAttempt(
  db: Kysely<Database>,
  filter: AttemptFilter,
  column: 'account' | 'ip',
  nth: number,
): Promise<string | null> {
  let query = db
    .selectFrom('login_attempts')
    .select('created_at')
    .where('kind', '=', filter.kind)
    .where(column, '=', column === 'account' ? filter.account : filter.ip)
    .where('created_at', '>', filter.since);
  if (filter.failuresOnly) query = query.where('succeeded', '=', 0);
  const row = await query
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
