import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import type { Database } from './database.js';
import * as initialSchema from './migrations/2026-11-22T00-00-initial-schema.js';

/** Every migration, in order. Static imports so the compiled build and tsx behave the same. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T00-00-initial-schema': initialSchema,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date. Safe to run from several instances at once (Kysely's lock). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
