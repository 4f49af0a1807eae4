/** Every query of the census feed (ADR 050): mappings, codes and stored messages. */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Database,
  FeedCodeKind,
  FeedMessagesTable,
  FeedMessageStatus,
} from '../../db/database.js';
import type { CursorKey } from '../../lib/cursor.js';

export type FeedMessageRow = Selectable<FeedMessagesTable>;

/** The facilities that list `code` as a code of `kind`. */
export async function findFacilitiesByCode(
  db: Kysely<Database>,
  kind: FeedCodeKind,
  code: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('feed_codes')
    .select('facility_id')
    .where('kind', '=', kind)
    .where('code', '=', code)
    .execute();
  return rows.map((row) => row.facility_id);
}

export async function findFeedMapping(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ version: number; codes: { kind: FeedCodeKind; code: string }[] }> {
  const mapping = await db
    .selectFrom('feed_mappings')
    .select('version')
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  const codes = await db
    .selectFrom('feed_codes')
    .select(['kind', 'code'])
    .where('facility_id', '=', facilityId)
    .orderBy('kind')
    .orderBy('code')
    .execute();
  return { version: mapping?.version ?? 1, codes };
}

/**
 * Replaces the facility's codes if its mapping is still at `version` (a facility without a
 * mapping is at 1); false when it moved on.
 */
export async function replaceFeedMapping(
  db: Kysely<Database>,
  facilityId: string,
  version: number,
  codes: readonly { kind: FeedCodeKind; code: string }[],
): Promise<boolean> {
  const current = await db
    .selectFrom('feed_mappings')
    .select('version')
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (current === undefined) {
    if (version !== 1) return false;
    await db.insertInto('feed_mappings').values({ facility_id: facilityId, version: 2 }).execute();
  } else {
    const result = await db
      .updateTable('feed_mappings')
      .set({ version: version + 1 })
      .where('facility_id', '=', facilityId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
  }
  await db.deleteFrom('feed_codes').where('facility_id', '=', facilityId).execute();
  if (codes.length > 0) {
    await db
      .insertInto('feed_codes')
      .values(codes.map((code) => ({ facility_id: facilityId, ...code })))
      .execute();
  }
  return true;
}

export async function findFeedMessage(
  db: Kysely<Database>,
  sender: string,
  controlId: string,
): Promise<FeedMessageRow | undefined> {
  return db
    .selectFrom('feed_messages')
    .selectAll()
    .where('sender', '=', sender)
    .where('control_id', '=', controlId)
    .executeTakeFirst();
}

export async function findFeedMessageById(
  db: Kysely<Database>,
  id: string,
): Promise<FeedMessageRow | undefined> {
  return db.selectFrom('feed_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertFeedMessage(
  db: Kysely<Database>,
  row: Insertable<FeedMessagesTable>,
): Promise<void> {
  await db.insertInto('feed_messages').values(row).execute();
}

export async function setFeedMessageOutcome(
  db: Kysely<Database>,
  id: string,
  outcome: { status: FeedMessageStatus; error: string | null; applied_at: string | null },
): Promise<void> {
  await db.updateTable('feed_messages').set(outcome).where('id', '=', id).execute();
}

/** Which of these patients of a facility have held messages (the held index). */
export async function listHeldClientIds(
  db: Kysely<Database>,
  facilityId: string,
  clientIds: readonly string[],
): Promise<string[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .selectFrom('feed_messages')
    .select('client_id')
    .distinct()
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'held')
    .where('client_id', 'in', clientIds)
    .execute();
  return rows.flatMap((row) => (row.client_id === null ? [] : [row.client_id]));
}

/** The held messages of a patient in a facility, oldest first. */
export async function listHeldMessages(
  db: Kysely<Database>,
  facilityId: string,
  clientId: string,
): Promise<FeedMessageRow[]> {
  return db
    .selectFrom('feed_messages')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'held')
    .where('client_id', '=', clientId)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

/** A page of the facility's messages, newest first (received_at, id), after `after`. */
export async function listFeedMessagePage(
  db: Kysely<Database>,
  filter: { facilityId: string; status?: FeedMessageStatus; after?: CursorKey; limit: number },
): Promise<FeedMessageRow[]> {
  let query = db
    .selectFrom('feed_messages')
    .selectAll()
    .where('facility_id', '=', filter.facilityId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.after !== undefined) {
    const [receivedAt = '', id = ''] = filter.after.map(String);
    query = query.where((eb) =>
      eb(eb.refTuple('received_at', 'id'), '<', eb.tuple(receivedAt, id)),
    );
  }
  return query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** When the facility's newest message was received (null: none yet). */
export async function findLastReceivedAt(
  db: Kysely<Database>,
  facilityId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('feed_messages')
    .select('received_at')
    .where('facility_id', '=', facilityId)
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.received_at ?? null;
}

/**
 * The facility's messages received since `since` (an ISO timestamp), counted by hour
 * (`YYYY-MM-DDTHH`, UTC, the first 13 characters of `received_at`) and current status.
 */
export async function countMessagesByHour(
  db: Kysely<Database>,
  facilityId: string,
  since: string,
): Promise<{ hour: string; status: FeedMessageStatus; count: number }[]> {
  const hour = sql<string>`substr(received_at, 1, 13)`;
  const rows = await db
    .selectFrom('feed_messages')
    .select([hour.as('hour'), 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('facility_id', '=', facilityId)
    .where('received_at', '>=', since)
    .groupBy([hour, 'status'])
    .execute();
  return rows.map((row) => ({ hour: row.hour, status: row.status, count: Number(row.count) }));
}
