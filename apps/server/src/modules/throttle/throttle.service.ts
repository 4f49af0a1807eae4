/**
 * Throttling of sign-in and password reset (DESIGN §4), kept in the `login_attempts` table so it
 * holds across any number of server instances. A limit applies per account (email, or reset
 * request) and per client IP address; the check runs before any password or code is verified.
 */
import type { Kysely } from 'kysely';
import type { RequestMeta } from '../../lib/http.js';
import type { AttemptKind, Database } from '../../db/database.js';
import { fromTimestamp, timestampPlus, toTimestamp } from '../../db/values.js';
import { tooManyRequests } from '../../lib/http-error.js';
import { attemptStats, insertAttempt } from './throttle.repository.js';

export interface ThrottleRule {
  kind: AttemptKind;
  /** Attempts in the window at which further ones are refused. */
  limit: number;
  windowMinutes: number;
  /** Count only failed attempts (sign-in, code checks) or every attempt (reset requests). */
  failuresOnly: boolean;
  message: string;
}

/** Refuses with 429 and Retry-After when the account or the address has reached the limit. */
export async function assertNotThrottled(
  db: Kysely<Database>,
  rule: ThrottleRule,
  account: string,
  meta: RequestMeta,
): Promise<void> {
  const since = timestampPlus(meta.at, -rule.windowMinutes);
  for (const [column, value] of [
    ['account', account],
    ['ip', meta.ip],
  ] as const) {
    const { count, oldest } = await attemptStats(db, {
      kind: rule.kind,
      column,
      value,
      since,
      failuresOnly: rule.failuresOnly,
    });
    if (count >= rule.limit) {
      const freeAt = fromTimestamp(oldest ?? toTimestamp(meta.at)).getTime();
      const retryAfterMs = freeAt + rule.windowMinutes * 60_000 - meta.at.getTime();
      throw tooManyRequests(rule.message, retryAfterMs / 1000);
    }
  }
}

export async function recordAttempt(
  db: Kysely<Database>,
  kind: AttemptKind,
  account: string,
  meta: RequestMeta,
  succeeded: boolean,
): Promise<void> {
  await insertAttempt(db, { kind, account, ip: meta.ip, succeeded, at: toTimestamp(meta.at) });
}
