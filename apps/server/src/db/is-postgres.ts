import { sql, type Kysely } from 'kysely';

/**
 * Whether `db` speaks PostgreSQL, for migrations whose SQL differs by dialect: PostgreSQL numbers
 * its query parameters ($1), SQLite uses '?'. Public API, nothing executed.
 */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.selectNoFrom(sql.val(1).as('probe')).compile().sql.includes('$1');
}
