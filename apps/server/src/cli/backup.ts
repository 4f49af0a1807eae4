/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite database while the server runs
 * (sqlite-backup.ts). With DATABASE_URL it explains pg_dump instead.
 */
import { pathToFileURL } from 'node:url';
import { backupSqlite } from './sqlite-backup.js';
import { runSqliteFileCommand } from './sqlite-file-command.js';

export function runBackup(args: string[], env = process.env): Promise<number> {
  return runSqliteFileCommand(
    args,
    env,
    'Usage: npm run backup -- <backup file>',
    async (sqliteFile, file) => {
      await backupSqlite(sqliteFile, file);
      console.log(`Backed up ${sqliteFile} to ${file}`);
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runBackup(process.argv.slice(2));
}
