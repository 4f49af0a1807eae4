/**
 * Reads of answers are audited (HIPAA §164.312(b), issue 31): opening a survey's answers, the
 * surveys behind a figure, the comments, the alerts, a print, every export. The event says who,
 * when, from where, which facility and which filter — never the answers, the residents' names or
 * a search's text.
 *
 * A read is recorded in the route's `onSend`, once its answer is known to be a 200 and before it
 * goes out, so an answer the response cache sends (whose handler does not run) is recorded like
 * one computed; a refusal (403, 404, 400) discloses nothing and records nothing. The audit log is
 * not counted by SQLite's change counter (db/change-counter.ts), so recording a read leaves every
 * cached answer in place; on PostgreSQL any commit moves the count (ADR 028), see ADR 043.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../../lib/http.js';
import { recordAudit, type AuditEvent } from './audit.service.js';

type Detail = NonNullable<AuditEvent['detail']>;

/**
 * Writes the event of a read whose answer is a 200 (`describe` runs only then); a HEAD request
 * sends no answer and records nothing.
 */
export async function auditRead(
  request: FastifyRequest,
  reply: FastifyReply,
  describe: () => AuditEvent | Promise<AuditEvent>,
): Promise<void> {
  if (reply.statusCode !== 200 || request.method === 'HEAD') return;
  await recordAudit(request.server.ctx.db, requestMeta(request), await describe());
}

/**
 * The facility and filter part of a results read's event: `facility_id` when the request names
 * exactly one facility, and in the detail every facility named (none: all of the user's) and
 * each filter as sent (`null` when absent).
 */
export function filterOfRead(
  facilityIds: readonly string[] | string | undefined,
  filters: Record<string, string | number | boolean | undefined>,
): Pick<AuditEvent, 'facilityId' | 'detail'> {
  const named = facilityIds === undefined ? [] : [...new Set([facilityIds].flat())];
  const detail: Detail = { facilities: named.length === 0 ? 'all' : named.join(',') };
  for (const [key, value] of Object.entries(filters)) detail[key] = value ?? null;
  return { ...(named.length === 1 ? { facilityId: named[0] as string } : {}), detail };
}
