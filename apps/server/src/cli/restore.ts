/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of the SQLite
 * database; refuses while the server runs (sqlite-backup.ts). With DATABASE_URL it explains
 * pg_restore instead.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../env.js';
import { POSTGRES_BACKUP_HELP } from './backup.js';
import { BackupError, restoreSqlite } from './sqlite-backup.js';

export async function runRestore(args: string[], env = process.env): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error('Usage: npm run restore -- <backup file>   (stop the server first)');
    return 2;
  }
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) {
      console.error(POSTGRES_BACKUP_HELP);
      return 2;
    }
    const kept = restoreSqlite(file, config.sqliteFile);
    console.log(`Restored ${file} to ${config.sqliteFile}`);
    if (kept) console.log(`The database it replaced is kept as ${kept}`);
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
  process.exitCode = await runRestore(process.argv.slice(2));
}
