import {
  apiPath,
  DetailResponseSchema,
  ENDPOINTS,
  ErrorResponseSchema,
  MsgResponseSchema,
  type EndpointBody,
  type EndpointDef,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type QueryValue,
} from '@carevoice/shared';
import { API_TIMEOUT_MS } from '@/config/constants';
import { ApiError } from './api-error';

export interface ApiRequestOptions<N extends EndpointName> {
  /** Values of the endpoint's `:params`. */
  params?: EndpointParams<N>;
  /** Its query (filters, the page cursor). */
  query?: EndpointQuery<N>;
  /** The body: JSON, or an import's CSV file (its bytes, which the server decodes) or text. */
  body?: EndpointBody<N> extends string ? string | Blob : EndpointBody<N>;
  /** Cancels the call (TanStack Query passes one to every query). */
  signal?: AbortSignal | undefined;
  /** Extra request headers, e.g. `Idempotency-Key` on a submission. */
  headers?: Record<string, string>;
}

/**
 * Calls one endpoint of the contract (packages/shared, ENDPOINTS): same-origin cookies, JSON in
 * and out (CSV text for imports and exports), a 15 s timeout, the answer parsed with the endpoint's response schema. Resolves with
 * the parsed body or rejects with an ApiError: `network` or `timeout` when no answer came,
 * `http` for a non-2xx answer (with the server's message and field errors), `parse` for a 2xx
 * answer that breaks the contract.
 */
export async function apiRequest<N extends EndpointName>(
  endpoint: N,
  { params, query, body, signal, headers }: ApiRequestOptions<N> = {},
): Promise<EndpointResponse<N>> {
  const def: EndpointDef = ENDPOINTS[endpoint];
  const csvBody = def.bodyType === 'csv';
  const csvAnswer = def.responseType === 'csv';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });

  let response: Response;
  let text: string;
  try {
    const url = apiPath(
      endpoint,
      params as Record<string, string> | undefined,
      query as Record<string, QueryValue> | undefined,
    );
    response = await fetch(url, {
      method: def.method,
      credentials: 'same-origin',
      headers: {
        Accept: csvAnswer ? 'text/csv, application/json' : 'application/json',
        ...(body === undefined
          ? {}
          : { 'Content-Type': csvBody ? csvType(body) : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : csvBody ? csvPayload(body) : JSON.stringify(body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    throw new ApiError(timedOut ? 'timeout' : 'network', endpoint, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  const { status } = response;
  const ok = status >= 200 && status < 300;
  if (ok && csvAnswer) return text as EndpointResponse<N>;
  const json = parseJson(text);
  if (!ok) {
    const error = ErrorResponseSchema.safeParse(json);
    // A refused CSV import lists its problems as `errors` too: its `detail` still counts.
    const detail = DetailResponseSchema.safeParse(json);
    const msg = MsgResponseSchema.safeParse(json);
    throw new ApiError('http', endpoint, status, {
      serverMessage: detail.success ? detail.data.detail : msg.success ? msg.data.msg : null,
      fieldErrors: error.success ? error.data.errors : {},
      retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
      sessionRequired: def.access.kind !== 'public',
      body: json,
    });
  }
  const parsed = def.response.safeParse(json);
  if (!parsed.success) throw new ApiError('parse', endpoint, status);
  return parsed.data as EndpointResponse<N>;
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

/** A file is sent as its bytes: the server recognises an encoding other than UTF-8. */
const csvPayload = (body: unknown): string | Blob => (body instanceof Blob ? body : String(body));
const csvType = (body: unknown): string =>
  body instanceof Blob ? 'text/csv' : 'text/csv; charset=utf-8';
