import { MESSAGES, type EndpointName } from '@carevoice/shared';

/**
 * How a call failed: no answer (`network`), no answer in time (`timeout`), a non-2xx answer
 * (`http`), or a 2xx answer that does not match the contract (`parse`).
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'parse';

/** What an answer said besides its status (lib/api-client.ts reads it). */
export interface ApiErrorDetails {
  /** The server's own text (`detail`, or `msg` on the password-reset calls), if it sent one. */
  serverMessage?: string | null;
  /** Field messages of a 400 answer, keyed by field name. */
  fieldErrors?: Readonly<Record<string, string>>;
  /** How long the server asked to wait before trying again (`Retry-After` of a 503 or 429). */
  retryAfterMs?: number | null;
  /** Whether the endpoint needs a session (its access rule is not `public`). */
  sessionRequired?: boolean;
  /** The answer's JSON as sent (a refused CSV import carries its report), not yet parsed. */
  body?: unknown;
}

/**
 * The one error every API call rejects with. (The server's refusals are its `HttpError`; this is
 * the browser's view of a call that did not give the answer it wanted.)
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly serverMessage: string | null;
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly retryAfterMs: number | null;
  readonly sessionRequired: boolean;
  readonly body: unknown;

  constructor(
    readonly kind: ApiErrorKind,
    readonly endpoint: EndpointName,
    /** HTTP status; `null` when no answer arrived. */
    readonly status: number | null,
    details: ApiErrorDetails = {},
  ) {
    super(
      details.serverMessage ??
        `${kind} error on ${endpoint}${status === null ? '' : ` (${status})`}`,
    );
    this.serverMessage = details.serverMessage ?? null;
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.sessionRequired = details.sessionRequired ?? true;
    this.body = details.body;
  }
}

/**
 * Whether the error says the session is gone: a 401 from a call that needs a session. A 401 from
 * a public call (a wrong password at login) is an ordinary failure.
 */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status === 401 &&
    error.sessionRequired
  );
}

/** The text to show a person for any failure. The one place errors become words. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.somethingWentWrong;
  switch (error.kind) {
    case 'network':
      return MESSAGES.networkError;
    case 'timeout':
      return MESSAGES.requestTimedOut;
    case 'parse':
      return MESSAGES.unexpectedResponse;
    case 'http':
      return error.serverMessage ?? MESSAGES.somethingWentWrong;
  }
}
