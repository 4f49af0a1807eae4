import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../constants.js';
import { testDatabaseUrl } from '../env.js';
import { hashPassword, sha256 } from '../lib/crypto.js';
import { connect, type DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { demoId, seedDemoData } from './seed/demo.js';

const STAFF = demoId('user', 'staff@carevoice.test');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('change counter [sqlite]', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-counter-'));
    file = path.join(dir, 'carevoice.sqlite');
    handle = connect({ sqliteFile: file });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, {
      today: '2026-11-22',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    other = new SQLite(file);
  });

  afterEach(async () => {
    other.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const someSession = {
    id: sha256('token'),
    user_id: STAFF,
    created_at: '2026-11-22T10:00:00.000Z',
    last_seen_at: '2026-11-22T10:00:00.000Z',
    expires_at: '2026-11-29T10:00:00.000Z',
    revoked_at: null,
    ip: null,
    user_agent: null,
  };

  it('moves when the server’s connection changes data a cached answer reads', async () => {
    const counter = handle.changeCounter();
    const start = counter.current();
    await handle.db
      .updateTable('residents')
      .set({ last_name: 'Renamed' })
      .where('facility_id', '=', demoId('facility', 'maple-grove'))
      .execute();
    const afterResidents = counter.current();
    expect(afterResidents).toBeGreaterThan(start ?? 0);
    await handle.db.deleteFrom('user_permissions').where('user_id', '=', STAFF).execute();
    expect(counter.current()).toBeGreaterThan(afterResidents ?? 0);
  });

  it('stays for the sign-in records, the audit log, a new session and its last_seen_at', async () => {
    const counter = handle.changeCounter();
    const start = counter.current();
    await handle.db.insertInto('sessions').values(someSession).execute();
    await handle.db
      .updateTable('sessions')
      .set({ last_seen_at: '2026-11-22T10:05:00.000Z' })
      .where('id', '=', someSession.id)
      .execute();
    await handle.db
      .insertInto('login_attempts')
      .values({
        id: 'attempt-1',
        kind: 'login',
        account: 'staff@carevoice.test',
        source: '127.0.0.1',
        succeeded: 0,
        created_at: '2026-11-22T10:00:00.000Z',
      })
      .execute();
    expect(counter.current()).toBe(start);
  });

  it('moves when a session is revoked', async () => {
    const counter = handle.changeCounter();
    await handle.db.insertInto('sessions').values(someSession).execute();
    const start = counter.current();
    await handle.db
      .updateTable('sessions')
      .set({ revoked_at: '2026-11-22T11:00:00.000Z' })
      .where('id', '=', someSession.id)
      .execute();
    expect(counter.current()).toBeGreaterThan(start ?? 0);
  });

  it('moves, from the next turn of the event loop, when another connection commits', async () => {
    const counter = handle.changeCounter();
    const start = counter.current();
    other
      .prepare('UPDATE user_facilities SET facility_id = facility_id WHERE user_id = ?')
      .run(STAFF);
    await nextTurn();
    expect(counter.current()).toBeGreaterThan(start ?? 0);
  });

  it('moves when a transaction that rolled back had written (never stays behind a write)', async () => {
    const counter = handle.changeCounter();
    const start = counter.current();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('facilities')
          .set({ name: 'Gone' })
          .where('id', '=', demoId('facility', 'maple-grove'))
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(counter.current()).toBeGreaterThan(start ?? 0);
  });

  it('is installed once per connection', () => {
    expect(handle.changeCounter()).toBe(handle.changeCounter());
  });
});

const PG_URL = testDatabaseUrl();

describe.skipIf(!PG_URL)('change counter [postgres]', () => {
  let handle: DatabaseHandle;
  let other: pg.Client;
  const table = `change_counter_${process.pid}`;

  beforeEach(async () => {
    handle = connect({ databaseUrl: PG_URL });
    other = new pg.Client({ connectionString: PG_URL });
    await other.connect();
    await other.query(`CREATE TABLE IF NOT EXISTS ${table} (n integer)`);
  });

  afterEach(async () => {
    await other.query(`DROP TABLE IF EXISTS ${table}`);
    await other.end();
    await handle.close();
  });

  it('caches nothing before the first snapshot is read', () => {
    expect(handle.changeCounter().current()).toBeUndefined();
  });

  it('moves when another connection commits a write, once the next snapshot is read', async () => {
    const counter = handle.changeCounter();
    await counter.sync?.();
    const start = counter.current();
    expect(start).toBeDefined();
    await other.query(`INSERT INTO ${table} VALUES (1)`);
    await counter.sync?.();
    expect(counter.current()).toBeGreaterThan(start ?? 0);
  });

  it('moves when a write that was in progress at the last read commits', async () => {
    const counter = handle.changeCounter();
    await other.query('BEGIN');
    await other.query(`INSERT INTO ${table} VALUES (1)`);
    await counter.sync?.();
    const during = counter.current();
    await other.query('COMMIT');
    await counter.sync?.();
    expect(counter.current()).toBeGreaterThan(during ?? 0);
  });

  it('lets requests that arrive together share one read, and makes a later one wait for the next', async () => {
    const counter = handle.changeCounter();
    const first = counter.sync?.();
    expect(counter.sync?.()).toBe(first);
    await Promise.resolve();
    await Promise.resolve();
    // The first read is now in flight: a commit from here on may not be in its snapshot.
    const second = counter.sync?.();
    expect(second).not.toBe(first);
    await Promise.all([first, second]);
  });

  it('caches nothing while the database cannot be reached', async () => {
    const down = connect({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    const counter = down.changeCounter();
    await counter.sync?.();
    expect(counter.current()).toBeUndefined();
    await down.close();
  });

  it('is made once per pool', () => {
    expect(handle.changeCounter()).toBe(handle.changeCounter());
  });
});
