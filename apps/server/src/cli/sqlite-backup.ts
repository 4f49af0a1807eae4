/**
 * Backup and restore of the embedded SQLite database (`npm run backup`, `npm run restore`).
 *
 * - A backup is SQLite's online backup API (better-sqlite3 `backup()`): a consistent copy of the
 *   database as of one moment, taken while the server keeps running and writing; checked with
 *   `PRAGMA integrity_check` before it is called done.
 * - A restore refuses while anything has the database open (the server holds a lock on it as
 *   long as it runs: an exclusive lock cannot be had), checks the backup, keeps the database it
 *   replaces beside it (`….before-restore-<time>`) and puts the backup in its place.
 *
 * PostgreSQL has its own tools (pg_dump, pg_restore): README "Backup and restore".
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export class BackupError extends Error {}

/** Whether a SQLite file is in use: another connection or process has it open. */
export function databaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}

/** Refuses a file that is not an intact CareVoice database. */
function checkDatabase(file: string): void {
  let database: SQLite.Database | undefined;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    const migrations = database
      .prepare(
        "select count(*) from sqlite_master where type = 'table' and name = 'kysely_migration'",
      )
      .pluck()
      .get();
    if (migrations !== 1) throw new BackupError(`${file} is not a CareVoice database`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable SQLite database`);
  } finally {
    database?.close();
  }
}

/** Copies the live database `source` to the new file `destination`, consistently. */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  if (fs.existsSync(destination)) {
    throw new BackupError(`${destination} exists already: choose a new file name`);
  }
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const database = new SQLite(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await database.backup(destination);
  } finally {
    database.close();
  }
  fs.chmodSync(destination, 0o600);
  checkDatabase(destination);
}

/**
 * Puts the backup `backup` in place of the database `target`, which nothing may have open. The
 * database replaced is kept beside it; its path is returned (undefined when there was none).
 */
export function restoreSqlite(
  backup: string,
  target: string,
  now = new Date(),
): string | undefined {
  checkDatabase(backup);
  if (databaseInUse(target)) {
    throw new BackupError(
      `${target} is in use: stop the CareVoice server (and anything else that has it open) first`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  fs.chmodSync(incoming, 0o600);
  let kept: string | undefined;
  if (fs.existsSync(target)) {
    kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, kept);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(incoming, target);
  return kept;
}
