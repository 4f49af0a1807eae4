/**
 * Idempotent requests (ADR 005, DESIGN §6): a client sends an `Idempotency-Key` header, made once
 * per piece of work, with every attempt. The first attempt that succeeds stores its response under
 * (user, key) together with a hash of the request, in the same transaction as its writes. Later
 * attempts with the same key and the same request get the stored response and write nothing; the
 * same key with a different request is 422. Records are kept (they are small): a key stays
 * answered for as long as a device may retry.
 */
import { IdempotencyKeySchema, MESSAGES } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { toTimestamp } from '../../db/values.js';
import { sha256 } from '../../lib/crypto.js';
import { HttpError, badRequest } from '../../lib/http-error.js';
import { findIdempotencyRecord, insertIdempotencyRecord } from './idempotency.repository.js';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

/** The `Idempotency-Key` header value, or 400 with what is wrong with it. */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  const result = IdempotencyKeySchema.safeParse(header);
  if (result.success) return result.data;
  throw badRequest(
    header === undefined ? MESSAGES.idempotencyKeyMissing : MESSAGES.idempotencyKeyInvalid,
  );
}

/** JSON with object keys sorted at every level, so equal requests hash equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Hash of a request: the operation it names and its (already validated) body. */
export function requestHash(operation: string, body: unknown): string {
  return sha256(`${operation}\n${canonicalJson(body)}`);
}

/**
 * The stored response when the user already used the key for this request; undefined when the
 * key is new; 422 when the key was used for a different request.
 */
export async function storedResponse(
  db: Kysely<Database>,
  userId: string,
  key: string,
  hash: string,
): Promise<StoredResponse | undefined> {
  const record = await findIdempotencyRecord(db, userId, key);
  if (!record) return undefined;
  if (record.request_hash !== hash) throw new HttpError(422, MESSAGES.idempotencyKeyReused);
  return { statusCode: record.status_code, body: JSON.parse(record.response_json) as unknown };
}

/**
 * Claims the key for this request inside the caller's transaction, storing the response it will
 * answer. False when another request holds the key already: the caller then rolls back and
 * answers `storedResponse` instead.
 */
export async function claimIdempotencyKey(
  trx: Kysely<Database>,
  claim: { userId: string; key: string; hash: string; response: StoredResponse; at: Date },
): Promise<boolean> {
  return insertIdempotencyRecord(trx, {
    user_id: claim.userId,
    key: claim.key,
    request_hash: claim.hash,
    status_code: claim.response.statusCode,
    response_json: JSON.stringify(claim.response.body),
    created_at: toTimestamp(claim.at),
  });
}
