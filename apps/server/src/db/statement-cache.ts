/**
 * Prepared statements reused across requests (SQLite). Kysely's SQLite driver prepares every
 * query it runs; preparing parses and plans the SQL again, which costs more than running most of
 * our queries. Kysely compiles the same query shape to the same SQL text, so statements are
 * cached by that text, least recently used first out.
 *
 * What it saves, measured (docs/performance.md): the guard's session lookup runs in ~4–9 µs
 * from a cached statement and ~30–46 µs when prepared again, on every query that misses the
 * server's caches and on every write.
 *
 * What a reader must not break: a statement is found by its exact SQL text, so a query must
 * keep its values out of that text (bound parameters, never `sql.lit` of a request's value),
 * or every call would prepare, and keep, a statement of its own.
 *
 * A cached statement still iterating (a streamed query) is busy and cannot run a second time at
 * once; such a call gets a fresh statement instead. SQLite re-prepares a cached statement by
 * itself when the schema changed (migrations).
 */
import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept; the app runs fewer than a hundred distinct ones. */
const DEFAULT_CAPACITY = 500;

export function withStatementCache(
  database: BetterSqlite,
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: Map keeps insertion order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}
