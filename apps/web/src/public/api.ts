/**
 * The page's three calls (DESIGN §9, `/api/v1/public/s/{token}/…`): no session, a 15 s timeout,
 * every answer parsed, every failure one of two kinds — `unavailable` (the link cannot be used:
 * unknown, expired, used; the server does not say which) or `retry` (no connection, a timeout,
 * a throttle or a server error: the same request may be sent again).
 */
import { z } from 'zod';
import { API_TIMEOUT_MS } from '@/config/constants';
import { PublicSurveySchema, type PublicAnswerRecord, type PublicSurvey } from './contract';

export type PublicResult<T> = { ok: true; value: T } | { ok: false; kind: 'unavailable' | 'retry' };

const surveyPath = (token: string) => `/api/v1/public/s/${encodeURIComponent(token)}/`;

/** Statuses worth sending the same request again for. */
const RETRYABLE = new Set([408, 425, 429]);

async function call<T>(
  url: string,
  init: RequestInit,
  schema: z.ZodType<T>,
): Promise<PublicResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      ...init,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: controller.signal,
      headers: { Accept: 'application/json', ...init.headers },
    });
    const text = await response.text();
    if (!response.ok) {
      const retry = response.status >= 500 || RETRYABLE.has(response.status);
      return { ok: false, kind: retry ? 'retry' : 'unavailable' };
    }
    const parsed = schema.safeParse(text === '' ? {} : JSON.parse(text));
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, kind: 'retry' };
  } catch {
    return { ok: false, kind: 'retry' };
  } finally {
    clearTimeout(timer);
  }
}

export function fetchSurvey(token: string): Promise<PublicResult<PublicSurvey>> {
  return call(surveyPath(token), { method: 'GET' }, PublicSurveySchema);
}

/** Sends the answers; a retry with the same key gets the first answer (never a second record). */
export function sendAnswers(
  token: string,
  answers: PublicAnswerRecord[],
  idempotencyKey: string,
): Promise<PublicResult<unknown>> {
  return call(
    `${surveyPath(token)}answers/`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ survey_answer_list: answers }),
    },
    z.unknown(),
  );
}

export function unsubscribe(token: string): Promise<PublicResult<unknown>> {
  return call(`${surveyPath(token)}unsubscribe/`, { method: 'POST' }, z.unknown());
}
