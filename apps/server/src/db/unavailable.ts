/**
 * Whether a failure means "the database cannot be used right now" rather than a fault of the
 * request or of our code (ADR 007). The error handler answers those with 503 and `Retry-After`,
 * so clients keep their work and try again, instead of a 500.
 *
 * - SQLite: the file stayed locked past `busy_timeout` (SQLITE_BUSY, SQLITE_LOCKED and their
 *   extended codes such as SQLITE_BUSY_SNAPSHOT).
 * - PostgreSQL: no connection (refused, reset, timed out, host unknown or unreachable), the
 *   server shutting down or starting up (57P01–57P03), connection exceptions (class 08), too
 *   many connections (53300), a database that does not accept connections (55000, `ALTER
 *   DATABASE … ALLOW_CONNECTIONS false`) or is gone (3D000, renamed or dropped), and
 *   node-postgres's own connection failures (the pool's connect timeout among them), which
 *   carry a message and no code.
 */

const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED)(_|$)/;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const POSTGRES_CODES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '3D000', // invalid_catalog_name: the database was renamed or dropped
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: the database does not accept connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** node-postgres and pg-pool connection failures: plain Errors without a code. */
const POSTGRES_MESSAGES = [
  /^timeout exceeded when trying to connect/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
];

/** Causes are followed this deep (an error wrapping an error wrapping …). */
const MAX_DEPTH = 4;

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailable(error, 0);
}

function unavailable(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const { name, code, message, cause, errors } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || NETWORK_CODES.has(code) || POSTGRES_CODES.has(code)) {
      return true;
    }
  } else if (
    name === 'Error' &&
    typeof message === 'string' &&
    POSTGRES_MESSAGES.some((pattern) => pattern.test(message))
  ) {
    return true;
  }
  // Node reports a failed connection to every address of a host as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => unavailable(inner, depth + 1))) return true;
  return unavailable(cause, depth + 1);
}
