import { apiPath, ENDPOINTS, type EndpointName } from '@carevoice/shared';
import { API_TIMEOUT_MS } from '@/config/constants';
import { ApiError } from './api-error';

/** An endpoint's answer as it came: read with its schema by `readAnswer` (api-client.ts). */
export interface ApiAnswer {
  status: number;
  text: string;
  /** The `Retry-After` header, if any. */
  retryAfter: string | null;
}

export interface SendOptions {
  /** Values of the endpoint's `:params`. */
  params?: Record<string, string>;
  /** JSON body of a POST. */
  body?: unknown;
  /** Cancels the call (TanStack Query passes one to every query). */
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on a submission. */
  headers?: Record<string, string>;
}

/**
 * The transport half of an API call: same-origin cookies, JSON in, a 15 s timeout. Resolves with
 * the answer, whatever its status, or rejects with a `network` or `timeout` ApiError. Kept apart
 * from the schemas (zod) so the entry bundle can start a call before the screen's code is there
 * (app/prefetch.ts).
 */
export async function sendRequest(
  endpoint: EndpointName,
  { params, body, signal, headers }: SendOptions = {},
): Promise<ApiAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });

  try {
    const response = await fetch(apiPath(endpoint, params), {
      method: ENDPOINTS[endpoint].method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('Retry-After'),
      text: await response.text(),
    };
  } catch {
    throw new ApiError(timedOut ? 'timeout' : 'network', endpoint, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
