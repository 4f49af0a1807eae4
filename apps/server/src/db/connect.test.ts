/**
 * What every PostgreSQL connection of the pool is set up with (connect.ts).
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../env.js';
import { connect, type DatabaseHandle } from './connect.js';

const PG_URL = testDatabaseUrl();

describe.skipIf(!PG_URL)('PostgreSQL connections [postgres]', () => {
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.close();
  });

  it('turn JIT compilation off on every connection, however many the pool opens', async () => {
    handle = connect({ databaseUrl: PG_URL });
    const { db } = handle;
    // Held open together, so the pool opens one connection for each.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            jit: string;
            pid: number;
          }>`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`.execute(
            trx,
          );
          return rows[0];
        }),
      ),
    );
    expect(new Set(settings.map((row) => row?.pid)).size).toBe(4);
    expect(settings.map((row) => row?.jit)).toStrictEqual(['off', 'off', 'off', 'off']);
  });
});
