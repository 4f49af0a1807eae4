import { sql, type Insertable, type Kysely } from 'kysely';
import type { AuditEventsTable, Database } from '../../db/database.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';

/** The only write there is: audit_events is append-only (the database refuses UPDATE/DELETE). */
export async function insertAuditEvents(
  db: Kysely<Database>,
  events: Insertable<AuditEventsTable>[],
): Promise<void> {
  if (events.length > 0) await db.insertInto('audit_events').values(events).execute();
}

/** Which events of the audit log to read, newest first (modules/audit/audit-log.service.ts). */
export interface AuditEventFilters {
  facilityId?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  /** Events at or after this timestamp. */
  fromAt?: string | undefined;
  /** Events before this timestamp. */
  before?: string | undefined;
  /** The page cursor: events after this (occurred_at, id) in newest-first order. */
  after?: readonly [occurredAt: string, id: string] | undefined;
  /** Only the events this viewer may see (see audit-log.service.ts); absent: every event. */
  viewer?: Viewer | undefined;
  limit: number;
}

export interface AuditEventRow {
  id: string;
  occurred_at: string;
  actor_user_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  facility_id: string | null;
  facility_name: string | null;
  ip: string | null;
  detail_json: string | null;
}

/**
 * Audit events matching the filters, newest first (occurred_at, then id, both descending), at
 * most `limit`. With a viewer: events of a facility the viewer may see, and events of no
 * facility (sign-ins, changes of users) whose subject — the user the event is about when it is
 * about a user, else the actor — holds a grant for a facility the viewer may see.
 */
export async function listAuditEvents(
  db: Kysely<Database>,
  filters: AuditEventFilters,
): Promise<AuditEventRow[]> {
  let query = db
    .selectFrom('audit_events')
    .leftJoin('users as actor', 'actor.id', 'audit_events.actor_user_id')
    .leftJoin('facilities as event_facility', 'event_facility.id', 'audit_events.facility_id')
    .select([
      'audit_events.id',
      'audit_events.occurred_at',
      'audit_events.actor_user_id',
      'actor.name as actor_name',
      'audit_events.action',
      'audit_events.target_type',
      'audit_events.target_id',
      'audit_events.facility_id',
      'event_facility.name as facility_name',
      'audit_events.ip',
      'audit_events.detail_json',
    ]);
  const { facilityId, actorId, action, fromAt, before, after, viewer } = filters;
  if (facilityId !== undefined) query = query.where('audit_events.facility_id', '=', facilityId);
  if (actorId !== undefined) query = query.where('audit_events.actor_user_id', '=', actorId);
  if (action !== undefined) query = query.where('audit_events.action', '=', action);
  if (fromAt !== undefined) query = query.where('audit_events.occurred_at', '>=', fromAt);
  if (before !== undefined) query = query.where('audit_events.occurred_at', '<', before);
  if (after !== undefined) {
    const [occurredAt, id] = after;
    // (occurred_at, id) before the cursor's; the first condition lets the time index seek.
    query = query
      .where('audit_events.occurred_at', '<=', occurredAt)
      .where((eb) =>
        eb.or([eb('audit_events.occurred_at', '<', occurredAt), eb('audit_events.id', '<', id)]),
      );
  }
  if (viewer !== undefined) {
    const subject = sql<string>`case when audit_events.target_type = 'user'
      then audit_events.target_id else audit_events.actor_user_id end`;
    query = query.where((eb) =>
      eb.or([
        eb.and([
          eb('audit_events.facility_id', 'is not', null),
          facilityVisible(viewer, eb.ref('audit_events.facility_id').$notNull()),
        ]),
        eb.and([
          eb('audit_events.facility_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('user_facilities as subject_grant')
              .select('subject_grant.facility_id')
              .where('subject_grant.user_id', '=', subject)
              .where((inner) => facilityVisible(viewer, inner.ref('subject_grant.facility_id'))),
          ),
        ]),
      ]),
    );
  }
  return query
    .orderBy('audit_events.occurred_at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(filters.limit)
    .execute();
}

/** A facility's time zone (its audit dates are read in it); undefined for an unknown one. */
export async function facilityTimeZone(
  db: Kysely<Database>,
  facilityId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('facilities')
    .select('time_zone')
    .where('id', '=', facilityId)
    .executeTakeFirst();
  return row?.time_zone;
}
