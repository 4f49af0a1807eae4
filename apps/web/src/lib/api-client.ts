import { ErrorResponseSchema, MsgResponseSchema, type EndpointName } from '@carevoice/shared';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { sendRequest, type ApiAnswer, type SendOptions } from './api-send';

export interface ApiRequestOptions<S extends z.ZodType> extends SendOptions {
  /** Validates the 2xx body; the result is what the call resolves with. */
  schema: S;
}

/**
 * Calls one endpoint of the contract: same-origin cookies, JSON in and out, a 15 s timeout, the
 * answer parsed with its zod schema. Resolves with the parsed body or rejects with an ApiError.
 */
export async function apiRequest<S extends z.ZodType>(
  endpoint: EndpointName,
  { schema, ...options }: ApiRequestOptions<S>,
): Promise<z.infer<S>> {
  return readAnswer(endpoint, await sendRequest(endpoint, options), schema);
}

/**
 * The reading half of an API call: the body of a 2xx answer parsed with `schema`, or an ApiError
 * (`http` with the server's message and field errors, or `parse`).
 */
export function readAnswer<S extends z.ZodType>(
  endpoint: EndpointName,
  { status, text, retryAfter }: ApiAnswer,
  schema: S,
): z.infer<S> {
  const json = parseJson(text);
  if (status < 200 || status >= 300) {
    const error = ErrorResponseSchema.safeParse(json);
    const msg = MsgResponseSchema.safeParse(json);
    throw new ApiError(
      'http',
      endpoint,
      status,
      error.success ? error.data.detail : msg.success ? msg.data.msg : null,
      error.success ? error.data.errors : {},
      parseRetryAfter(retryAfter),
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError('parse', endpoint, status);
  return parsed.data;
}

/** `Retry-After` (delay-seconds or an HTTP date) as milliseconds from now; null when absent. */
function parseRetryAfter(value: string | null): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
