/**
 * Throttling of sign-in, second-factor codes and password reset (DESIGN §4, ADR 020), kept in the
 * `login_attempts` table so it holds across any number of server instances. The check runs before
 * any password or code is verified. A facility's tablets share one address, so the address is
 * never what locks an account:
 *
 * - **Per account and address** (the pair): from `delayAfter` failures on, each further try from
 *   that address must wait twice as long as the one before (1 s, 2 s, 4 s, …) after the last
 *   failure: progressive delay for whoever keeps guessing, nobody else.
 * - **Per account**: at `accountLimit` failures in the window the account is locked for every
 *   address that has failed on it in the window; an address that has not (the owner at the
 *   facility) may still try, so an attacker elsewhere cannot lock the owner out. With
 *   `lockEveryAddress` (reset requests: mail to one inbox) the account is locked for everyone.
 * - **Per address**: `addressLimit` (an order of magnitude above the account's) across all
 *   accounts, a backstop against one address spraying many accounts.
 */
import type { Kysely } from 'kysely';
import type { RequestMeta } from '../../lib/http.js';
import type { AttemptKind, Database } from '../../db/database.js';
import { fromTimestamp, timestampPlus, toTimestamp } from '../../db/values.js';
import { tooManyRequests } from '../../lib/http-error.js';
import {
  attemptCounts,
  insertAttempt,
  nthNewestAttempt,
  type AttemptFilter,
} from './throttle.repository.js';

export interface ThrottleLimits {
  /** Counted attempts on one account in the window at which it locks (see above). */
  accountLimit: number;
  /** Counted attempts from one address on any accounts in the window at which it locks. */
  addressLimit: number;
  /** Counted attempts of one account from one address after which each try waits longer. */
  delayAfter: number;
  windowMinutes: number;
}

export interface ThrottleRule extends ThrottleLimits {
  kind: AttemptKind;
  /** Count only failed attempts (sign-in, code checks) or every attempt (reset requests). */
  failuresOnly: boolean;
  /** Lock the account for every address, not only for the ones that failed on it. */
  lockEveryAddress?: boolean;
  /** The text of a lock (429). */
  message: string;
  /** The text of a progressive delay (429), given the seconds to wait. */
  delayMessage: (seconds: number) => string;
}

/** Seconds the pair must wait after its newest counted attempt, having made `count`. */
export function pairDelaySeconds(limits: ThrottleLimits, count: number): number {
  if (count < limits.delayAfter) return 0;
  return Math.min(2 ** (count - limits.delayAfter), limits.windowMinutes * 60);
}

/** Refuses with 429 and Retry-After when a limit of the rule is reached (see above). */
export async function assertNotThrottled(
  db: Kysely<Database>,
  rule: ThrottleRule,
  account: string,
  meta: RequestMeta,
): Promise<void> {
  const now = meta.at.getTime();
  const windowMs = rule.windowMinutes * 60_000;
  const filter: AttemptFilter = {
    kind: rule.kind,
    account,
    ip: meta.ip,
    since: timestampPlus(meta.at, -rule.windowMinutes),
    failuresOnly: rule.failuresOnly,
  };
  const counts = await attemptCounts(db, filter);
  /** Seconds until the `nth` newest attempt (by column) leaves the window. */
  const freeAfter = async (column: 'account' | 'ip', nth: number) => {
    const at = await nthNewestAttempt(db, filter, column, nth);
    return (fromTimestamp(at ?? toTimestamp(meta.at)).getTime() + windowMs - now) / 1000;
  };

  if (counts.address >= rule.addressLimit) {
    throw tooManyRequests(rule.message, await freeAfter('ip', rule.addressLimit));
  }
  const pairNewestMs = counts.pairNewest ? fromTimestamp(counts.pairNewest).getTime() : now;
  if (counts.account >= rule.accountLimit && (rule.lockEveryAddress || counts.pair > 0)) {
    const accountFree = await freeAfter('account', rule.accountLimit);
    const pairFree = rule.lockEveryAddress ? Infinity : (pairNewestMs + windowMs - now) / 1000;
    throw tooManyRequests(rule.message, Math.min(accountFree, pairFree));
  }
  const waitMs = pairDelaySeconds(rule, counts.pair) * 1000 - (now - pairNewestMs);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(rule.delayMessage(seconds), seconds);
  }
}

/**
 * Whether the account has reached the rule's account limit in the window (read after a failure
 * was recorded, in the same transaction): the moment to tell the owner (ADR 042).
 */
export async function accountLimitReached(
  db: Kysely<Database>,
  rule: ThrottleRule,
  account: string,
  meta: RequestMeta,
): Promise<boolean> {
  const counts = await attemptCounts(db, {
    kind: rule.kind,
    account,
    ip: meta.ip,
    since: timestampPlus(meta.at, -rule.windowMinutes),
    failuresOnly: rule.failuresOnly,
  });
  return counts.account >= rule.accountLimit;
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
