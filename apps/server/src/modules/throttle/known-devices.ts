/**
 * Known devices (ADR 048, OWASP's "device cookies"). A browser in which someone has signed in
 * holds the httpOnly `cv_device` cookie, a random token; `known_devices` keeps its sha256. The
 * throttle counts the attempts of a known device apart from its address: a stranger sharing the
 * facility's address (the tablet room's router) cannot slow down or lock the facility's tablets,
 * whose browsers are known from the staff's earlier sign-ins.
 *
 * A device is known to the browser, not to one user: a shared tablet signed in by any colleague is
 * known for all of them. A device unused for KNOWN_DEVICE_DAYS is forgotten; one user's sign-ins
 * make at most KNOWN_DEVICES_PER_USER_PER_DAY new ones, so an insider cannot mint a device per
 * guess to escape the per-source limits.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { timestampPlus, toTimestamp } from '../../db/values.js';
import { KNOWN_DEVICE_DAYS, KNOWN_DEVICES_PER_USER_PER_DAY } from '../../constants.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';

const DAY_MINUTES = 24 * 60;

/** How a known device's attempts are marked in `login_attempts.source`. */
export const DEVICE_SOURCE = 'device:';

/** The throttle's source of the request: its known device, or else its address. */
export async function throttleSource(db: Kysely<Database>, meta: RequestMeta): Promise<string> {
  if (!meta.deviceId) return meta.ip;
  const known = await db
    .selectFrom('known_devices')
    .select('id')
    .where('id', '=', meta.deviceId)
    .where('last_used_at', '>', timestampPlus(meta.at, -KNOWN_DEVICE_DAYS * DAY_MINUTES))
    .executeTakeFirst();
  return known ? `${DEVICE_SOURCE}${known.id}` : meta.ip;
}

/**
 * Called in the transaction of a sign-in: marks the request's device as used, or makes the
 * browser a known device. Returns the token for a new `cv_device` cookie, or undefined when the
 * browser keeps its cookie (or the user has made enough devices today).
 */
export async function rememberDevice(
  trx: Kysely<Database>,
  meta: RequestMeta,
  userId: string,
): Promise<string | undefined> {
  const at = toTimestamp(meta.at);
  const forgottenBefore = timestampPlus(meta.at, -KNOWN_DEVICE_DAYS * DAY_MINUTES);
  if (meta.deviceId) {
    const used = await trx
      .updateTable('known_devices')
      .set({ last_used_at: at })
      .where('id', '=', meta.deviceId)
      .where('last_used_at', '>', forgottenBefore)
      .executeTakeFirst();
    if (used.numUpdatedRows > 0n) return undefined;
  }
  const madeToday = await trx
    .selectFrom('known_devices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', timestampPlus(meta.at, -DAY_MINUTES))
    .executeTakeFirstOrThrow();
  if (Number(madeToday.n) >= KNOWN_DEVICES_PER_USER_PER_DAY) return undefined;
  await trx
    .deleteFrom('known_devices')
    .where('user_id', '=', userId)
    .where('last_used_at', '<=', forgottenBefore)
    .execute();
  const token = randomToken();
  await trx
    .insertInto('known_devices')
    .values({ id: sha256(token), user_id: userId, created_at: at, last_used_at: at })
    .execute();
  return token;
}
