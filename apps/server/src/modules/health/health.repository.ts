import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/database.js';

/**
 * A round trip that fails whenever a write would (ADR 007). PostgreSQL: `select 1` (it needs a
 * pooled connection). SQLite: `select 1` never touches the file, and in WAL mode even real reads
 * pass while another connection holds the write lock, so take the write lock and give it back
 * (`BEGIN IMMEDIATE; ROLLBACK`): it waits `busy_timeout` like any write, then fails with
 * SQLITE_BUSY. It writes nothing and needs no fsync. One connection for both statements, so no
 * other query runs inside that transaction.
 */
export async function probeDatabase(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select 1`.execute(db);
    return;
  }
  await db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    await sql`rollback`.execute(connection);
  });
}
