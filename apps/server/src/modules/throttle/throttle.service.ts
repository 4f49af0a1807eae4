/**
 * Throttling of sign-in, second-factor codes, unlocking and password reset (DESIGN §4, ADR 020,
 * ADR 042, ADR 048), kept in the `login_attempts` table so it holds across any number of server
 * instances. The check runs before any password or code is verified. Attempts are counted per
 * *source*: the request's known device (`cv_device`, known-devices.ts), or else its address. A
 * facility's tablets share one address, so no rule lets a stranger there stop them:
 *
 * - **Per account and source** (the pair): from `delayAfter` failures on, each further try from
 *   that source must wait twice as long as the one before (1 s, 2 s, 4 s, …) after the last
 *   failure: progressive delay for whoever keeps guessing, nobody else.
 * - **Per account**: at `accountLimit` failures in the window the account is locked for every
 *   source that has failed on it; a source that has not (the owner's tablet) may still try. With
 *   `lockEveryAddress` (second-factor codes, unlocking: short secrets) it is locked for everyone;
 *   with `knownDevicesApart` a known device counts only its own attempts on the account, so
 *   strangers' requests (a reset-mail flood) never lock it.
 * - **Per source**: above `addressLimit` attempts across all accounts, the source is paced to one
 *   try every `addressPaceSeconds`: password spraying slows to ten guesses a minute, and a person
 *   with the right password waits seconds, never the window.
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
import { DEVICE_SOURCE, throttleSource } from './known-devices.js';

export interface ThrottleLimits {
  /** Counted attempts on one account in the window at which it locks (see above). */
  accountLimit: number;
  /** Counted attempts from one source on any accounts in the window above which it is paced. */
  addressLimit: number;
  /** The pace of a source above `addressLimit`: one try per this many seconds. */
  addressPaceSeconds: number;
  /** Counted attempts of one account from one source after which each try waits longer. */
  delayAfter: number;
  windowMinutes: number;
}

export interface ThrottleRule extends ThrottleLimits {
  kind: AttemptKind;
  /** Count only failed attempts (sign-in, code checks) or every attempt (reset requests). */
  failuresOnly: boolean;
  /** Lock the account for every source, not only for the ones that failed on it. */
  lockEveryAddress?: boolean;
  /** A known device's account limit counts its own attempts only (ADR 048). */
  knownDevicesApart?: boolean;
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
  const source = await throttleSource(db, meta);
  const filter = attemptFilter(rule, account, source, meta);
  const counts = await attemptCounts(db, filter);
  const waitFor = (ms: number) => {
    const seconds = Math.ceil(ms / 1000);
    return tooManyRequests(rule.delayMessage(seconds), seconds);
  };
  const msSince = (timestamp: string | null) =>
    timestamp ? now - fromTimestamp(timestamp).getTime() : Infinity;

  const paceMs = rule.addressPaceSeconds * 1000 - msSince(counts.sourceNewest);
  if (counts.source >= rule.addressLimit && paceMs > 0) throw waitFor(paceMs);

  const apart = rule.knownDevicesApart === true && source.startsWith(DEVICE_SOURCE);
  const accountCount = apart ? counts.pair : counts.account;
  if (accountCount >= rule.accountLimit && (rule.lockEveryAddress || counts.pair > 0)) {
    const scope = apart ? 'pair' : 'account';
    const oldest = await nthNewestAttempt(db, filter, scope, rule.accountLimit);
    const accountFreeMs = windowMs - msSince(oldest ?? toTimestamp(meta.at));
    const pairFreeMs = rule.lockEveryAddress ? Infinity : windowMs - msSince(counts.pairNewest);
    throw tooManyRequests(rule.message, Math.min(accountFreeMs, pairFreeMs) / 1000);
  }
  const delayMs = pairDelaySeconds(rule, counts.pair) * 1000 - msSince(counts.pairNewest);
  if (delayMs > 0) throw waitFor(delayMs);
}

function attemptFilter(
  rule: ThrottleRule,
  account: string,
  source: string,
  meta: RequestMeta,
): AttemptFilter {
  return {
    kind: rule.kind,
    account,
    source,
    since: timestampPlus(meta.at, -rule.windowMinutes),
    failuresOnly: rule.failuresOnly,
  };
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
  const counts = await attemptCounts(db, attemptFilter(rule, account, meta.ip, meta));
  return counts.account >= rule.accountLimit;
}

export async function recordAttempt(
  db: Kysely<Database>,
  kind: AttemptKind,
  account: string,
  meta: RequestMeta,
  succeeded: boolean,
): Promise<void> {
  const source = await throttleSource(db, meta);
  await insertAttempt(db, { kind, account, source, succeeded, at: toTimestamp(meta.at) });
}
