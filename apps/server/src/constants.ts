/**
 * Named limits of the server (DESIGN §4). Tests import these instead of repeating numbers; limits
 * the web app or the texts share live in packages/shared (limits.ts).
 */
import {
  SESSION_MAX_AGE_DAYS,
  SIGN_IN_FAILURE_LIMIT,
  THROTTLE_WINDOW_MINUTES,
} from '@carevoice/shared';

/** Largest accepted request body. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** A session ends this long after sign-in, whatever the activity (spec §9: 7-day token cookie). */
export const SESSION_MAX_AGE_SECONDS = SESSION_MAX_AGE_DAYS * 24 * 60 * 60;
/** `last_seen_at` is written at most this often per session (idle timeout precision). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** The httpOnly session cookie (ADR 002); the script-readable one is shared PROFILE_COOKIE. */
export const SESSION_COOKIE = 'cv_session';

/** Lifetime of `jwt_access` for API clients using `Authorization: Bearer`. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Access tokens whose signature was checked, kept to save the check on their next use. */
export const VERIFIED_TOKEN_CACHE_MAX = 10_000;
/** Lifetime of `jwt_refresh`; never longer than the session it is bound to. */
export const REFRESH_TOKEN_TTL_SECONDS = SESSION_MAX_AGE_SECONDS;

/**
 * Sign-in throttling (ADR 020, ADR 048). The rules count attempts per *source*: a known device
 * (`cv_device`), or else the address. Failures per account lock it for the sources that failed on
 * it; failures of one account from one source slow that source down progressively; failures from
 * one source across accounts above `addressLimit` pace it to one try every `addressPaceSeconds`
 * (ten a minute), never a lock. Second-factor codes and a wrong current password on My account
 * count the same way (their own kinds).
 */
export const LOGIN_THROTTLE = {
  accountLimit: SIGN_IN_FAILURE_LIMIT,
  delayAfter: 3,
  addressLimit: 100,
  addressPaceSeconds: 6,
  windowMinutes: THROTTLE_WINDOW_MINUTES,
} as const;
/**
 * Reset requests: every request counts; at the limit an inbox gets no more mail from unknown
 * devices, and from a known device only once that device alone has asked as often (ADR 048). Per
 * source, the same pace as sign-in. Wrong reset codes: like sign-in failures, per reset request.
 */
export const RESET_THROTTLE = {
  accountLimit: 10,
  delayAfter: 10,
  addressLimit: 100,
  addressPaceSeconds: 6,
  windowMinutes: THROTTLE_WINDOW_MINUTES,
} as const;

/**
 * The known-device cookie (ADR 048): httpOnly, a random token whose sha256 is a `known_devices`
 * row. Set at every sign-in; a device unused for KNOWN_DEVICE_DAYS is forgotten.
 */
export const DEVICE_COOKIE = 'cv_device';
export const KNOWN_DEVICE_DAYS = 90;
/** New known devices one user's sign-ins may make in a day: the rest sign in without one. */
export const KNOWN_DEVICES_PER_USER_PER_DAY = 10;

/** Wrong codes after which a step-two token (`mfa_token`) is dead (ADR 042). */
export const MFA_CHALLENGE_MAX_FAILURES = 5;

/** Wrong codes after which a reset request is dead. */
export const RESET_CODE_MAX_ATTEMPTS = 5;

export const DEMO_PASSWORD = 'carevoice-demo';

/**
 * `Retry-After` of a 503 when the database is locked or out of reach (ADR 007): long enough for
 * a lock to clear or a database to restart, short next to a tablet's own retry interval.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Bounds of the in-memory caches (ADR 011). Sessions: entries, and access answers (permission ×
 * facility) kept per session. Responses: entries and bytes, compressed copies included.
 */
export const SESSION_CACHE_LIMITS = { maxSessions: 10_000, maxAnswersPerSession: 64 } as const;
export const RESPONSE_CACHE_LIMITS = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024 } as const;
/** Published questionnaire versions kept for the submissions (ADR 039): ~10 questions each. */
export const PUBLISHED_VERSIONS_KEPT = 2_000;

/**
 * `Retry-After` of the 429 for a user's export beyond RESULTS_EXPORTS_PER_USER (ADR 043): about
 * the time an export of 30,000 surveys takes while others run.
 */
export const EXPORT_RETRY_AFTER_SECONDS = 10;
