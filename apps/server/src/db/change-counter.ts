/**
 * The change counter behind the server's caches (ADR 011): a number that moves whenever data a
 * cached answer could depend on may have changed, by anyone. A cache keeps only entries made at
 * the current count, so an answer is never served after a write it does not show.
 *
 * SQLite (the embedded default, one server process per file):
 * - Writes on the server's own connection are seen by TEMP triggers on every table, which call a
 *   JavaScript function as the statement runs. Counting happens before the commit, so a reader
 *   that sees the new count reads after the commit (the connection runs one transaction at a
 *   time) and a rollback only costs a needless refill.
 * - Commits by any other connection or process (`npm run create-user`, a second server on the
 *   same file, an administrator's sqlite3 shell) change `PRAGMA data_version`. Reading it takes
 *   a file lock and its release (a few microseconds), so `current()` reads it once per turn of
 *   the event loop: a request that arrives after another process committed is handled in a
 *   later turn, so it sees that commit.
 * - Not counted, because no cached answer reads them: the sign-in, reset and idempotency
 *   records, the audit log, a new session (nobody has cached it yet) and a session's
 *   `last_seen_at` (the session cache keeps that itself, modules/auth/session-cache.ts).
 *
 * PostgreSQL (ADR 028): several instances share the database, so no instance can count the
 * others' writes; the database can. `pg_current_snapshot()` names which transactions a query
 * would see, and any commit of a transaction that wrote anything changes it (its xmax or its
 * list of transactions in progress). Each request first waits for a snapshot read after it
 * arrived (`sync()`): requests that arrive together share one read, and one read is in flight
 * at a time, so reads finish in the order they were taken. A snapshot unlike the last moves the
 * count. Every write moves it, tracked table or not (sign-in records, a session's
 * `last_seen_at`, other databases of the same cluster): more refills, never a stale answer.
 *
 * What it saves, measured (docs/performance.md, ADR 011): it is what lets the session and
 * response caches answer reads from memory; the due list went from 1,405 to 11,590 req/s.
 *
 * What a reader must not break: a new table is tracked by default; a table added to
 * UNTRACKED_TABLES must be one no cached answer reads. Code writing through another connection
 * needs nothing (data_version sees it); code that reads with `current()` must read it before
 * its query, never after.
 */
import type { Database as BetterSqlite } from 'better-sqlite3';
import type pg from 'pg';

export interface ChangeCounter {
  /** The current count, or undefined when answers must not be cached at all. */
  current(): number | undefined;
  /**
   * Resolves once `current()` reflects every commit made before this call (PostgreSQL: a round
   * trip). Absent where `current()` is always up to date (SQLite).
   */
  sync?(): Promise<void>;
}

/** Tables no cached answer reads; writes to them leave the count alone. */
const UNTRACKED_TABLES = new Set([
  'login_attempts',
  'known_devices',
  'password_resets',
  'idempotency_keys',
  'audit_events',
]);

/** Session columns whose change can end a session or move it to another user. */
const SESSION_COLUMNS_TRACKED = ['user_id', 'expires_at', 'revoked_at'];

const CHANGED_FUNCTION = 'carevoice_data_changed';

export const NEVER_CACHE: ChangeCounter = { current: () => undefined };

/**
 * Installs the triggers on the connection (idempotent) and returns its counter. Call it on a
 * migrated database: tables created afterwards are not tracked.
 */
export function sqliteChangeCounter(sqlite: BetterSqlite): ChangeCounter {
  let count = 0;
  sqlite.function(CHANGED_FUNCTION, { deterministic: false }, () => {
    count += 1;
    return null;
  });

  const tables = sqlite
    .prepare(
      // Plain tables: not a virtual table (the comment search's FTS5 index, ADR 036) nor its
      // shadow tables, which change only with the table they index.
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'
       AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'kysely\\_%' ESCAPE '\\'`,
    )
    .pluck()
    .all() as string[];
  const triggers: [name: string, event: string, table: string][] = [];
  for (const table of tables) {
    if (UNTRACKED_TABLES.has(table)) continue;
    if (table === 'sessions') {
      triggers.push([`${table}_update`, `UPDATE OF ${SESSION_COLUMNS_TRACKED.join(', ')}`, table]);
      triggers.push([`${table}_delete`, 'DELETE', table]);
      continue;
    }
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      triggers.push([`${table}_${event.toLowerCase()}`, event, table]);
    }
  }
  for (const [name, event, table] of triggers) {
    sqlite.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS "carevoice_changed_${name}" AFTER ${event} ON main."${table}"
       BEGIN SELECT ${CHANGED_FUNCTION}(); END`,
    );
  }

  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let lastDataVersion = dataVersion.get();
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  return {
    current() {
      if (!checkedThisTurn) {
        checkedThisTurn = true;
        setImmediate(nextTurn);
        const version = dataVersion.get();
        if (version !== lastDataVersion) {
          lastDataVersion = version;
          count += 1;
        }
      }
      return count;
    },
  };
}

/**
 * The counter of a PostgreSQL pool: the count moves when the database's snapshot has changed.
 * When the snapshot cannot be read (the database is down), nothing is cached until it can.
 */
export function postgresChangeCounter(pool: pg.Pool): ChangeCounter {
  let count = 0;
  let lastSnapshot: string | undefined;
  /** A read not yet sent: a request that joins it sees every commit made before it arrived. */
  let queued: Promise<void> | undefined;
  /** The read in flight (or the last one); the next waits for it, so they finish in order. */
  let running: Promise<void> = Promise.resolve();

  async function readSnapshot(): Promise<void> {
    queued = undefined;
    try {
      const result = await pool.query<{ snapshot: string }>(
        'SELECT pg_current_snapshot()::text AS snapshot',
      );
      const snapshot = result.rows[0]?.snapshot;
      if (snapshot !== lastSnapshot) count += 1;
      lastSnapshot = snapshot;
    } catch {
      lastSnapshot = undefined;
    }
  }

  return {
    current: () => (lastSnapshot === undefined ? undefined : count),
    sync() {
      if (!queued) {
        queued = running.then(readSnapshot);
        running = queued;
      }
      return queued;
    },
  };
}
