/**
 * The queries of contacts (DESIGN §9, ADR 059): a facility's contacts in name order (keyset
 * pages on `contacts_facility_name_idx`, or a resident's on `contacts_resident_idx`), one
 * contact, and its writes at a version.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ContactsTable, Database } from '../../db/database.js';
import type { CursorKey } from '../../lib/cursor.js';

export type ContactRow = Selectable<ContactsTable>;

export async function listContactPage(
  db: Kysely<Database>,
  filter: { facilityId: string; residentId?: string; after?: CursorKey; limit: number },
): Promise<ContactRow[]> {
  const { facilityId, residentId, after, limit } = filter;
  let query = db.selectFrom('contacts').selectAll().where('facility_id', '=', facilityId);
  if (residentId !== undefined) query = query.where('resident_id', '=', residentId);
  if (after !== undefined) {
    const [name = '', id = ''] = after.map(String);
    query = query.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(name, id)));
  }
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

export async function findContact(
  db: Kysely<Database>,
  id: string,
): Promise<ContactRow | undefined> {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertContact(
  db: Kysely<Database>,
  contact: Insertable<ContactsTable>,
): Promise<void> {
  await db.insertInto('contacts').values(contact).execute();
}

/** Changes the contact at `version` and adds 1 to it; false when the version moved on. */
export async function updateContactAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: Updateable<ContactsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks the contact opted out (the link's unsubscribe, a STOP reply); false when it already was. */
export async function optOutContact(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set({ opted_out: 1, opted_out_at: at, updated_at: at, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('opted_out', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
