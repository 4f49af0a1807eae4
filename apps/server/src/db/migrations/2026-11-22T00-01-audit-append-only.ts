import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../is-postgres.js';

/**
 * `audit_events` is append-only (DESIGN §4): the database itself refuses UPDATE and DELETE, so no
 * code path (or hand-written query) can rewrite history. Dialects differ, so this branches.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only';
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`.execute(db);
    return;
  }
  for (const event of ['UPDATE', 'DELETE']) {
    await sql`
      CREATE TRIGGER ${sql.id(`audit_events_no_${event.toLowerCase()}`)}
      BEFORE ${sql.raw(event)} ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER audit_events_append_only ON audit_events`.execute(db);
    await sql`DROP FUNCTION audit_events_append_only()`.execute(db);
    return;
  }
  await sql`DROP TRIGGER audit_events_no_update`.execute(db);
  await sql`DROP TRIGGER audit_events_no_delete`.execute(db);
}
