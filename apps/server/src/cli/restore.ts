/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of the SQLite
 * database; refuses while the server runs (sqlite-backup.ts). With DATABASE_URL it explains
 * pg_restore instead.
 */
import { pathToFileURL } from 'node:url';
import { restoreSqlite } from './sqlite-backup.js';
import { runSqliteFileCommand } from './sqlite-file-command.js';

export function runRestore(args: string[], env = process.env): Promise<number> {
  return runSqliteFileCommand(
    args,
    env,
    'Usage: npm run restore -- <backup file>   (stop the server first)',
    (sqliteFile, file) => {
      const kept = restoreSqlite(file, sqliteFile);
      console.log(`Restored ${file} to ${sqliteFile}`);
      if (kept) console.log(`The database it replaced is kept as ${kept}`);
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runRestore(process.argv.slice(2));
}
