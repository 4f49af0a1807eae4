import type { Insertable, Kysely } from 'kysely';
import type { AuditEventsTable, Database } from '../../db/database.js';

/** The only write there is: audit_events is append-only (the database refuses UPDATE/DELETE). */
export async function insertAuditEvent(
  db: Kysely<Database>,
  event: Insertable<AuditEventsTable>,
): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}
