import { MESSAGES } from '@carevoice/shared';

export interface ApiErrorOptions {
  headers?: Record<string, string>;
  /** Clear the session cookies in this response (the session is gone). */
  endSession?: boolean;
}

/**
 * A refusal with a user-facing message. The error handler turns it into `{detail}` (or `{msg}` on
 * the password-reset calls) with its status code; anything else becomes a logged 500.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function unauthorized(message: string = MESSAGES.notSignedIn): ApiError {
  return new ApiError(401, message, { endSession: true });
}

export function forbidden(message: string = MESSAGES.forbidden): ApiError {
  return new ApiError(403, message);
}

export function badRequest(message: string = MESSAGES.badRequest): ApiError {
  return new ApiError(400, message);
}

export function notFound(message: string = MESSAGES.notFound): ApiError {
  return new ApiError(404, message);
}

export function tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}
