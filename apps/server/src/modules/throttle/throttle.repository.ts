import { sql, type Kysely } from 'kysely';
import type { AttemptKind, Database } from '../../db/database.js';
import { toFlag } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';

export interface AttemptRow {
  kind: AttemptKind;
  account: string;
  /** The address, or `device:<id>` for a known device (ADR 048). */
  source: string;
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
      source: attempt.source,
      succeeded: toFlag(attempt.succeeded),
      created_at: attempt.at,
    })
    .execute();
}

export interface AttemptFilter {
  kind: AttemptKind;
  account: string;
  source: string;
  /** Attempts after this timestamp count. */
  since: string;
  /** Count only failed attempts, or every attempt. */
  failuresOnly: boolean;
}

/** What the throttle rules read, counted in one statement over both indexes. */
export interface AttemptCounts {
  /** On the account, from any address. */
  account: number;
  /** On the account from this source, and the newest of them. */
  pair: number;
  pairNewest: string | null;
  /** From this source, on any account, and the newest of them. */
  source: number;
  sourceNewest: string | null;
}

export async function attemptCounts(
  db: Kysely<Database>,
  filter: AttemptFilter,
): Promise<AttemptCounts> {
  const { kind, account, source, since } = filter;
  const failed = filter.failuresOnly ? sql`and succeeded = 0` : sql``;
  const { rows } = await sql<{
    account: number | null;
    pair: number | null;
    pair_newest: string | null;
    source: number | null;
    source_newest: string | null;
  }>`
    select
      sum(case when account = ${account} then 1 else 0 end) as account,
      sum(case when account = ${account} and source = ${source} then 1 else 0 end) as pair,
      max(case when account = ${account} and source = ${source} then created_at end) as pair_newest,
      sum(case when source = ${source} then 1 else 0 end) as source,
      max(case when source = ${source} then created_at end) as source_newest
    from login_attempts
    where kind = ${kind} and created_at > ${since} and (account = ${account} or source = ${source}) ${failed}
  `.execute(db);
  const row = rows[0];
  return {
    account: Number(row?.account ?? 0),
    pair: Number(row?.pair ?? 0),
    pairNewest: row?.pair_newest ?? null,
    source: Number(row?.source ?? 0),
    sourceNewest: row?.source_newest ?? null,
  };
}

/**
 * The time of the `nth` newest counted attempt on the account, or on the account from the
 * source (`pair`): once it leaves the window, fewer than `nth` remain.
 */
export async function nthNewestAttempt(
  db: Kysely<Database>,
  filter: AttemptFilter,
  scope: 'account' | 'pair',
  nth: number,
): Promise<string | null> {
  let query = db
    .selectFrom('login_attempts')
    .select('created_at')
    .where('kind', '=', filter.kind)
    .where('account', '=', filter.account)
    .where('created_at', '>', filter.since);
  if (scope === 'pair') query = query.where('source', '=', filter.source);
  if (filter.failuresOnly) query = query.where('succeeded', '=', 0);
  const row = await query
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
