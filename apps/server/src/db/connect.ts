import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import {
  postgresChangeCounter,
  sqliteChangeCounter,
  type ChangeCounter,
} from './change-counter.js';
import type { Database } from './database.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The counter the caches key on (change-counter.ts), made on first use, which must come after
   * the migrations.
   */
  changeCounter(): ChangeCounter;
  /** Connections by state, for /metrics (SQLite: one, never waited for). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** `postgres://…`; when unset, SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** SQLite: open an in-memory copy of this database image instead (tests: a template's bytes). */
  sqliteImage?: Buffer;
  /** PostgreSQL only: put every table in this schema (tests use one schema per run). */
  pgSchema?: string;
  /** SQLite busy timeout in ms. */
  busyTimeoutMs?: number;
  /** PostgreSQL: how long to wait for a connection, in ms (tests shorten it). */
  pgConnectionTimeoutMs?: number;
  /** Kysely's log hook: sees every statement run (tests record them). */
  log?: (event: LogEvent) => void;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; our integers are small, read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connect(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.pgConnectionTimeoutMs ?? 5000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
      // No JIT compilation (ADR 038): PostgreSQL compiles a statement the planner costs above
      // jit_above_cost, and ours stop early under a LIMIT the cost does not count; at chain
      // scale a comments read of 3 ms spent 9–13 ms compiling. The pool hands the connection
      // out once this has run.
      onConnect: async (client) => {
        await client.query('SET jit = off');
      },
    });
    // A client losing its connection must not crash the process: idle ones report to the pool,
    // checked-out ones to their own listener (Kysely adds none), and the query in flight fails
    // with the error, which the error handler answers with 503 (ADR 007).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      ...(options.log ? { log: options.log } : {}),
    });
    let counter: ChangeCounter | undefined;
    return {
      db,
      dialect: 'postgres',
      changeCounter: () => (counter ??= postgresChangeCounter(pool)),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => db.destroy(),
    };
  }

  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(options.sqliteImage ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    ...(options.log ? { log: options.log } : {}),
  });
  let counter: ChangeCounter | undefined;
  return {
    db,
    dialect: 'sqlite',
    changeCounter: () => (counter ??= sqliteChangeCounter(sqlite)),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => db.destroy(),
  };
}
