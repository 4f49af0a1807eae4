/**
 * What `npm run backup` and `npm run restore` share: one file argument, the configuration, the
 * PostgreSQL explanation instead of a copy, and exit codes (2 usage, 1 a refused copy, 0 done).
 */
import { ConfigError, loadConfig } from '../env.js';
import { BackupError } from './sqlite-backup.js';

const POSTGRES_BACKUP_HELP = `DATABASE_URL is set: back up PostgreSQL with its own tool, e.g.
  pg_dump --format=custom --file=carevoice.dump "$DATABASE_URL"
and restore into an empty database with
  pg_restore --no-owner --dbname="$DATABASE_URL" carevoice.dump
(README, "Backup and restore").`;

export async function runSqliteFileCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  usage: string,
  copy: (sqliteFile: string, file: string) => Promise<void> | void,
): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) {
      console.error(POSTGRES_BACKUP_HELP);
      return 2;
    }
    await copy(config.sqliteFile, file);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
