import { MESSAGES } from '@carevoice/shared';

export interface HttpErrorOptions {
  headers?: Record<string, string>;
  /** Clear the session cookies in this response (the session is gone). */
  endSession?: boolean;
  /** Field messages of a 400 (`errors`), e.g. the first problem of each question (ADR 017). */
  errors?: Record<string, string>;
  /** More of the error body, as the endpoint's error schema declares it (e.g. `problems`). */
  body?: Record<string, unknown>;
}

/**
 * A refusal with a user-facing message. The error handler turns it into `{detail}` (or `{msg}` on
 * the password-reset calls) with its status code; anything else becomes a logged 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function unauthorized(message: string = MESSAGES.notSignedIn): HttpError {
  return new HttpError(401, message, { endSession: true });
}

export function forbidden(message: string = MESSAGES.forbidden): HttpError {
  return new HttpError(403, message);
}

export function badRequest(message: string = MESSAGES.badRequest): HttpError {
  return new HttpError(400, message);
}

/** 409: the record changed since the client read it (a write naming an older `version`). */
export function versionConflict(): HttpError {
  return new HttpError(409, MESSAGES.versionConflict);
}

export function notFound(message: string = MESSAGES.notFound): HttpError {
  return new HttpError(404, message);
}

export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}
