import { MESSAGES } from '@carevoice/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '@/config/constants';
import { jsonResponse, ME, stubFetch } from '@/test/render';
import { apiRequest } from './api-client';
import { ApiError, errorMessage, isSessionEnded } from './api-error';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const me = () => apiRequest('me');

describe('apiRequest', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the body parsed by the endpoint’s response schema', async () => {
    const fetch = stubFetch(() => jsonResponse({ ...ME, extra: 'ignored' }));
    await expect(me()).resolves.toEqual(ME);
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/me/',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('sends a POST body as JSON', async () => {
    const fetch = stubFetch(() => jsonResponse({ user_id: 'r1' }));
    await apiRequest('resetRequest', { body: { email: 'a@b.c' } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns an error answer into an http ApiError with the server detail and field errors', async () => {
    stubFetch(() => jsonResponse({ detail: 'Bad', errors: { email: 'Too long.' } }, 400));
    const error = await failure(me());
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      serverMessage: 'Bad',
      fieldErrors: { email: 'Too long.' },
    });
    expect(errorMessage(error)).toBe('Bad');
  });

  it('keeps the body of an error answer, so a refused CSV import shows its problems', async () => {
    const report = {
      detail: '1 problem in the file.',
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 3, column: 'first_name', message: 'A value is required.' }],
    };
    const fetch = stubFetch(() => jsonResponse(report, 400));
    const error = await failure(
      apiRequest('adminResidentsImport', {
        params: { facilityId: 'f1' },
        query: { dry_run: 'true' },
        body: 'client_id\n',
      }),
    );
    expect(error).toMatchObject({ status: 400, serverMessage: report.detail, fieldErrors: {} });
    expect(error.body).toEqual(report);
    const init = fetch.mock.calls[0]?.[1];
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/v1/admin/facilities/f1/residents/import/?dry_run=true',
    );
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(init?.body).toBe('client_id\n');
  });

  it('turns a 503 into an http ApiError with the detail and the Retry-After in milliseconds', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ detail: MESSAGES.databaseUnavailable }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '5' },
        }),
    );
    const error = await failure(me());
    expect(error).toMatchObject({
      kind: 'http',
      status: 503,
      serverMessage: MESSAGES.databaseUnavailable,
      retryAfterMs: 5000,
    });
  });

  it('reads a Retry-After date as the time left until then, and none as null', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    stubFetch(() => {
      const response = jsonResponse({ detail: 'Busy' }, 503);
      response.headers.set('Retry-After', 'Sun, 22 Nov 2026 12:00:30 GMT');
      return response;
    });
    expect((await failure(me())).retryAfterMs).toBe(30_000);

    stubFetch(() => jsonResponse({ detail: 'Busy' }, 503));
    expect((await failure(me())).retryAfterMs).toBeNull();
  });

  it('reads the msg of the password-reset answers', async () => {
    stubFetch(() => jsonResponse({ msg: MESSAGES.invalidResetCode }, 400));
    const error = await failure(me());
    expect(error.serverMessage).toBe(MESSAGES.invalidResetCode);
  });

  it('an error answer without JSON still becomes an http ApiError', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(me());
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: null });
    expect(errorMessage(error)).toBe(MESSAGES.somethingWentWrong);
  });

  it('a 2xx answer that breaks the contract is a parse error, never a cast', async () => {
    stubFetch(() => jsonResponse({ sf_user_id: 42 }));
    const error = await failure(me());
    expect(error).toMatchObject({ kind: 'parse', status: 200 });
    expect(errorMessage(error)).toBe(MESSAGES.unexpectedResponse);
  });

  it('no answer is a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(me());
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(errorMessage(error)).toBe(MESSAGES.networkError);
  });

  it(`gives up after ${API_TIMEOUT_MS} ms with a timeout error`, async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const pending = failure(me());
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', status: null });
    expect(errorMessage(error)).toBe(MESSAGES.requestTimedOut);
  });
});

describe('isSessionEnded', () => {
  it('is true for a 401 from a call that needs a session', async () => {
    stubFetch(() => jsonResponse({ detail: MESSAGES.sessionExpired }, 401));
    expect(isSessionEnded(await failure(me()))).toBe(true);
    expect(
      isSessionEnded(await failure(apiRequest('permissions', { params: { sfUserId: 'u1' } }))),
    ).toBe(true);
  });

  it('is false for a 401 from a public call (a wrong password) and for other failures', async () => {
    stubFetch(() => jsonResponse({ detail: MESSAGES.invalidCredentials }, 401));
    const login = apiRequest('login', { body: { username: 'a@b.c', password: 'x' } });
    expect(isSessionEnded(await failure(login))).toBe(false);
    stubFetch(() => jsonResponse({ detail: MESSAGES.forbidden }, 403));
    expect(isSessionEnded(await failure(me()))).toBe(false);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(isSessionEnded(await failure(me()))).toBe(false);
    expect(isSessionEnded(new Error('401'))).toBe(false);
  });
});
