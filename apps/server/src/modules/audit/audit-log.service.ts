/**
 * The audit log in the back office (DESIGN §8): events newest first, a page at a time, filtered
 * by facility, actor, action and days, and the same as a CSV file (itself audited).
 *
 * Who sees what: an administrator with all_facility_access sees every event. Any other
 * administrator sees
 * - the events of their facilities (a `facility_id` filter naming another facility is 403), and
 * - events of no facility (sign-ins, password resets, changes of users) when the user the event
 *   is about — the target when it is a user, else the actor — holds one of their facilities
 *   explicitly. A colleague's sign-ins show in the log of the facility they work in; an
 *   all-access administrator's, or an unknown account's failed sign-in, only to all-access
 *   administrators.
 *
 * Days: `from` and `to` are inclusive calendar days in the filtered facility's time zone, or in
 * UTC without a facility filter (events of several facilities have no one local day).
 */
import {
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  AUDIT_EXPORT_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  AuditDetailSchema,
  MESSAGES,
  type AuditEventItem,
  type AuditEventPage,
  type AuditEventQuery,
  type AuditExportQuery,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { addDays, toDateString } from '../../db/values.js';
import { toCsv } from '../../lib/csv.js';
import { decodeCursor, pageFrom } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest } from '../../lib/http-error.js';
import { startOfDayIn } from '../../lib/time-zone.js';
import { viewerOf } from '../access/access.repository.js';
import { requireFacility } from '../access/access.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  facilityTimeZone,
  listAuditEvents,
  type AuditEventFilters,
  type AuditEventRow,
} from './audit.repository.js';
import { recordAudit } from './audit.service.js';

const text = ADMIN_TEXT.audit;

/** The time zone of days without a facility filter. */
const DEFAULT_TIME_ZONE = 'UTC';

/** The filters of a query as the repository takes them: 403 for a facility not the user's. */
async function filtersOf(
  ctx: AppContext,
  user: SessionUser,
  query: AuditExportQuery,
): Promise<Omit<AuditEventFilters, 'limit' | 'after'>> {
  const { facility_id: facilityId, from, to } = query;
  let timeZone = DEFAULT_TIME_ZONE;
  if (facilityId !== undefined) {
    await requireFacility(ctx.db, user, facilityId);
    timeZone = (await facilityTimeZone(ctx.db, facilityId)) ?? DEFAULT_TIME_ZONE;
  }
  if (from !== undefined && to !== undefined && from > to) {
    throw badRequest(text.dateRangeReversed);
  }
  return {
    facilityId,
    actorId: query.actor_id,
    action: query.action,
    fromAt: from === undefined ? undefined : startOfDayIn(from, timeZone).toISOString(),
    before: to === undefined ? undefined : startOfDayIn(addDays(to, 1), timeZone).toISOString(),
    // A facility filter already keeps to one of the user's facilities (checked above).
    viewer: user.allFacilityAccess || facilityId !== undefined ? undefined : viewerOf(user),
  };
}

/** The stored detail, when it is the small object of values it should be. */
function detailOf(json: string | null): AuditEventItem['detail'] {
  if (json === null) return null;
  try {
    const parsed = AuditDetailSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toItem(row: AuditEventRow): AuditEventItem {
  return {
    id: row.id,
    at: row.occurred_at,
    actor_id: row.actor_user_id,
    actor_name: row.actor_name,
    action: row.action,
    entity: row.target_type,
    entity_id: row.target_id,
    facility_id: row.facility_id,
    ip: row.ip,
    detail: detailOf(row.detail_json),
  };
}

/** A cursor's key: the (occurred_at, id) of the last event of the previous page. */
function cursorKey(cursor: string | undefined): [string, string] | undefined {
  const key = decodeCursor(cursor, 2);
  if (key === undefined) return undefined;
  const [occurredAt, id] = key;
  if (typeof occurredAt !== 'string' || typeof id !== 'string') {
    throw badRequest(MESSAGES.invalidCursor);
  }
  return [occurredAt, id];
}

/** One page of the events the user may see, newest first. */
export async function auditEventPage(
  ctx: AppContext,
  user: SessionUser,
  query: AuditEventQuery,
): Promise<AuditEventPage> {
  const after = cursorKey(query.cursor);
  const filters = await filtersOf(ctx, user, query);
  const { items, next_cursor } = pageFrom(
    await listAuditEvents(ctx.db, { ...filters, after, limit: ADMIN_PAGE_SIZE + 1 }),
    (row) => [row.occurred_at, row.id],
  );
  return { items: items.map(toItem), next_cursor };
}

export interface AuditExport {
  filename: string;
  csv: string;
}

/**
 * Every event the user may see that matches the filters, newest first, as CSV (formula cells
 * neutralised, lib/csv.ts); 400 above AUDIT_EXPORT_MAX_ROWS. The export itself is audited
 * (`audit.exported`, with the filters and the number of events), unless `record` is false
 * (a HEAD request, which downloads nothing).
 */
export async function exportAuditEvents(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  query: AuditExportQuery,
  { record = true }: { record?: boolean } = {},
): Promise<AuditExport> {
  const filters = await filtersOf(ctx, user, query);
  const rows = await listAuditEvents(ctx.db, { ...filters, limit: AUDIT_EXPORT_MAX_ROWS + 1 });
  if (rows.length > AUDIT_EXPORT_MAX_ROWS) throw badRequest(text.exportTooLarge);
  const csv = toCsv(
    AUDIT_EXPORT_COLUMNS,
    rows.map((row) => ({
      ...toItem(row),
      facility_name: row.facility_name,
      detail: row.detail_json,
    })),
  );
  if (record) {
    await recordAudit(ctx.db, meta, {
      action: 'audit.exported',
      ...(query.facility_id === undefined ? {} : { facilityId: query.facility_id }),
      detail: {
        rows: rows.length,
        facility_id: query.facility_id ?? null,
        actor_id: query.actor_id ?? null,
        action: query.action ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
      },
    });
  }
  return { filename: `audit-log-${toDateString(meta.at)}.csv`, csv };
}
