/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite database while the server runs
 * (sqlite-backup.ts). With DATABASE_URL it explains pg_dump instead.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../env.js';
import { BackupError, backupSqlite } from './sqlite-backup.js';

export const POSTGRES_BACKUP_HELP = `DATABASE_URL is set: back up PostgreSQL with its own tool, e.g.
  pg_dump --format=custom --file=carevoice.dump "$DATABASE_URL"
and restore into an empty database with
  pg_restore --no-owner --dbname="$DATABASE_URL" carevoice.dump
(README, "Backup and restore").`;

export async function runBackup(args: string[], env = process.env): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error('Usage: npm run backup -- <backup file>');
    return 2;
  }
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) {
      console.error(POSTGRES_BACKUP_HELP);
      return 2;
    }
    await backupSqlite(config.sqliteFile, file);
    console.log(`Backed up ${config.sqliteFile} to ${file}`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runBackup(process.argv.slice(2));
}
