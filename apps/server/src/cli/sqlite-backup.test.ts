import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, type TestApp } from '../test/harness.js';
import { runBackup } from './backup.js';
import { runRestore } from './restore.js';
import { BackupError, backupSqlite, databaseInUse, restoreSqlite } from './sqlite-backup.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function count(file: string, table: string): number {
  const database = new SQLite(file, { readonly: true });
  try {
    return Number(database.prepare(`select count(*) from ${table}`).pluck().get());
  } finally {
    database.close();
  }
}

describe('SQLite backup and restore', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { seed: true, sqliteFile: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-backup-'));
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies the database consistently while the server keeps writing', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/users/sf-login/',
          payload: { username: `writer-${written}@carevoice.test`, password: 'x' },
          remoteAddress: `10.7.${Math.floor(written / 250)}.${written % 250}`,
        });
        written += 1;
      }
    })();
    while (written < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = path.join(dir, 'during-writes.sqlite');
    await backupSqlite(t.config.sqliteFile, file);
    const atBackup = written;
    writing = false;
    await writer;
    expect(atBackup).toBeGreaterThan(0);
    const database = new SQLite(file, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    database.close();
    // Every failed sign-in writes an attempt and an audit event in one transaction: the copy
    // holds whole transactions only.
    const attempts = count(file, "login_attempts where account like 'writer-%'");
    const audited = count(file, "audit_events where action = 'auth.login_failed'");
    expect(attempts).toBe(audited);
    expect(count(file, 'users')).toBe(count(t.config.sqliteFile, 'users'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await expect(backupSqlite(t.config.sqliteFile, file)).rejects.toThrow(/exists already/);
  });

  it('refuses to restore over a database the server (another process) has open', async () => {
    const backup = path.join(dir, 'for-restore.sqlite');
    await backupSqlite(t.config.sqliteFile, backup);
    // The test app's own connection holds the database open, as the running server does.
    expect(databaseInUse(t.config.sqliteFile)).toBe(true);
    expect(() => restoreSqlite(backup, t.config.sqliteFile)).toThrow(BackupError);
    expect(() => restoreSqlite(backup, t.config.sqliteFile)).toThrow(/is in use/);

    // Another process holding it open (the server in production) is seen too.
    await t.app.close();
    await t.db.destroy();
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D=require('better-sqlite3');const d=new D(${JSON.stringify(t.config.sqliteFile)});d.pragma('journal_mode = WAL');d.prepare('select 1').get();console.log('open');setTimeout(()=>{},60000)`,
      ],
      { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    try {
      expect(databaseInUse(t.config.sqliteFile)).toBe(true);
      expect(await runRestore([backup], { DATA_DIR: t.config.dataDir })).toBe(1);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });

  it('restores a backup once nothing has the database open, keeping the one it replaces', async () => {
    const backup = path.join(dir, 'for-restore.sqlite');
    const database = new SQLite(t.config.sqliteFile);
    database.prepare("delete from login_attempts where account like 'writer-%'").run();
    database.close();
    expect(count(t.config.sqliteFile, "login_attempts where account like 'writer-%'")).toBe(0);
    expect(await runRestore([backup], { DATA_DIR: t.config.dataDir })).toBe(0);
    expect(
      count(t.config.sqliteFile, "login_attempts where account like 'writer-%'"),
    ).toBeGreaterThan(0);
    const kept = fs.readdirSync(t.config.dataDir).filter((name) => name.includes('before-restore'));
    expect(kept).toHaveLength(1);
    expect(() => restoreSqlite(path.join(dir, 'nothing.sqlite'), t.config.sqliteFile)).toThrow(
      /not a readable SQLite database/,
    );
  });

  it('points to pg_dump when DATABASE_URL is set', async () => {
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://db/carevoice',
      SESSION_SECRET: 's'.repeat(40),
    };
    expect(await runBackup([path.join(dir, 'x.sqlite')], env)).toBe(2);
    expect(await runRestore([path.join(dir, 'x.sqlite')], env)).toBe(2);
    expect(await runBackup([], { DATA_DIR: dir })).toBe(2);
  });
});

describeEachDialect(
  'the README’s PostgreSQL backup and restore (pg_dump, pg_restore)',
  (dialect) => {
    it.runIf(dialect === 'postgres')(
      'restores a dump into an empty database with every row',
      async () => {
        const t = await buildTestApp('postgres', { seed: true });
        const url = process.env.TEST_DATABASE_URL as string;
        const dumpFile = path.join(os.tmpdir(), `carevoice-${crypto.randomUUID()}.dump`);
        const target = `cv_restore_${crypto.randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          // The test app's own database, whole, as in the README.
          const dump = spawnSync(
            'pg_dump',
            ['--format=custom', `--file=${dumpFile}`, t.pgUrl as string],
            { encoding: 'utf8' },
          );
          expect(dump.status, dump.stderr).toBe(0);
          await admin.query(`CREATE DATABASE ${target}`);
          const restoredUrl = new URL(url);
          restoredUrl.pathname = `/${target}`;
          const restore = spawnSync(
            'pg_restore',
            ['--no-owner', `--dbname=${restoredUrl.href}`, dumpFile],
            { encoding: 'utf8' },
          );
          expect(restore.status, restore.stderr).toBe(0);
          const restored = new pg.Client({ connectionString: restoredUrl.href });
          await restored.connect();
          try {
            for (const table of ['users', 'surveys', 'answers', 'kysely_migration']) {
              const original = await t.db
                .selectFrom(table as 'users')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow();
              const copy = await restored.query(`select count(*)::int as n from ${table}`);
              expect(copy.rows[0].n, table).toBe(Number(original.n));
            }
          } finally {
            await restored.end();
          }
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${target}`);
          await admin.end();
          fs.rmSync(dumpFile, { force: true });
          await t.close();
        }
      },
    );
  },
);
