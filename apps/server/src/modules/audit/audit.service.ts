/**
 * The audit trail (DESIGN §4): who did what to which record, in which facility, when and from
 * where. Details are small non-secret context: never passwords, codes, tokens or answer text.
 * Write it in the same transaction as the change it records.
 */
import type { AuditAction } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { RequestMeta } from '../../lib/http.js';
import type { Database } from '../../db/database.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import { insertAuditEvents } from './audit.repository.js';

/** The actions live in the shared enums (the audit log's filter lists them); re-exported here. */
export { type AuditAction } from '@carevoice/shared';

export interface AuditEvent {
  action: AuditAction;
  /** Defaults to the signed-in user of `meta`. */
  actorUserId?: string | null;
  targetType?: string;
  targetId?: string;
  facilityId?: string;
  detail?: Record<string, string | number | boolean | null>;
}

export async function recordAudit(
  db: Kysely<Database>,
  meta: RequestMeta,
  event: AuditEvent,
): Promise<void> {
  await recordAudits(db, meta, [event]);
}

/** Several events of one request in one statement (a submission's alerts). */
export async function recordAudits(
  db: Kysely<Database>,
  meta: RequestMeta,
  events: readonly AuditEvent[],
): Promise<void> {
  await insertAuditEvents(
    db,
    events.map((event) => ({
      id: newRowId(),
      occurred_at: toTimestamp(meta.at),
      actor_user_id: event.actorUserId === undefined ? meta.userId : event.actorUserId,
      action: event.action,
      target_type: event.targetType ?? null,
      target_id: event.targetId ?? null,
      facility_id: event.facilityId ?? null,
      ip: meta.ip,
      detail_json: event.detail ? JSON.stringify(event.detail) : null,
    })),
  );
}
