import { MESSAGES, LoginResponseSchema, MeResponseSchema } from '@carevoice/shared';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_THROTTLE,
  SESSION_MAX_AGE_SECONDS,
  SESSION_TOUCH_INTERVAL_MS,
} from '../../constants.js';
import { sha256 } from '../../lib/crypto.js';
import {
  describeEachDialect,
  responseCookies,
  useTestApp,
  type TestApp,
} from '../../test/harness.js';

const API = '/api/v1/users';
const STAFF = 'staff@carevoice.test';

function loginRequest(t: TestApp, username: string, password: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `${API}/sf-login/`,
    payload: { username, password },
    remoteAddress: ip,
  });
}

function me(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `${API}/me/`, headers });
}

/** A 401 of the session guard: message, and both cookies cleared. */
function expectSessionRefused(
  response: Awaited<ReturnType<typeof me>>,
  detail: string = MESSAGES.sessionExpired,
) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ detail });
  const cleared = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
  for (const name of ['cv_session', 'token']) {
    expect(cleared[name]?.value).toBe('');
    expect(cleared[name]?.expires?.getTime()).toBeLessThan(Date.now());
  }
}

describeEachDialect('sign-in', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('signs in with email and password: profile, tokens and the two cookies', async () => {
    const response = await loginRequest(t, 'Staff@CareVoice.test ', 'carevoice-demo');
    expect(response.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      all_facility_access: false,
      all_permission_access: false,
      name: 'Sam Staff',
      email: STAFF,
    });

    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.cv_session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
    expect(cookies.cv_session?.secure).toBeFalsy();
    expect(cookies.token).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: 604800 });
    expect(cookies.token?.httpOnly).toBeFalsy();

    // The script-readable cookie: the profile, URI-encoded JSON, and no secret.
    const raw = String(response.headers['set-cookie']).match(/token=([^;]*)/)?.[1] ?? '';
    const profile = JSON.parse(decodeURIComponent(raw));
    expect(profile).toEqual({
      all_facility_access: false,
      all_permission_access: false,
      sf_user_id: body.sf_user_id,
      name: 'Sam Staff',
      email: STAFF,
    });
    expect(raw).not.toMatch(/jwt|password|cv_session/i);

    // The session row holds only the token's hash.
    const token = cookies.cv_session?.value ?? '';
    const row = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sha256(token))
      .executeTakeFirst();
    expect(row?.user_id).toBe(body.sf_user_id);
    const tokenStored = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', token)
      .executeTakeFirst();
    expect(tokenStored).toBeUndefined();
  });

  it('issues HS256 JWTs bound to the session: access 15 minutes, refresh 7 days', async () => {
    const { body, cookies } = await t.login(STAFF);
    const access = decodeJwt(body.jwt_access);
    const refresh = decodeJwt(body.jwt_refresh);
    expect(decodeProtectedHeader(body.jwt_access).alg).toBe('HS256');
    expect(access).toMatchObject({ sid: sha256(cookies.cv_session ?? ''), sub: body.sf_user_id });
    expect(access.typ).toBe('access');
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(refresh).toMatchObject({ sid: access.sid, typ: 'refresh' });
    expect((refresh.exp ?? 0) - (refresh.iat ?? 0)).toBe(7 * 24 * 3600);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const before = await t.counts();
    const wrong = await loginRequest(t, STAFF, 'not-the-password');
    const unknown = await loginRequest(t, 'nobody@carevoice.test', 'carevoice-demo');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.invalidCredentials });
      expect(response.cookies).toEqual([]);
    }
    const after = await t.counts();
    expect(after.sessions).toBe(before.sessions);
    expect(after.login_attempts).toBe((before.login_attempts ?? 0) + 2);
  });

  it('writes audit events for sign-in and failed sign-in, without secrets', async () => {
    const { body } = await t.login('preview@carevoice.test');
    await loginRequest(t, 'preview@carevoice.test', 'wrong-secret-password');
    const rows = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('actor_user_id', '=', body.sf_user_id)
      .orderBy('occurred_at')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['auth.login', 'auth.login_failed']);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', target_type: 'session' });
    expect(rows[1]).toMatchObject({ target_type: 'user', target_id: body.sf_user_id });
    expect(JSON.stringify(rows)).not.toMatch(/wrong-secret-password|carevoice-demo|jwt/);
  });

  it('refuses an inactive account', async () => {
    await t.db
      .updateTable('users')
      .set({ active: 0 })
      .where('email', '=', 'preview@carevoice.test')
      .execute();
    const response = await loginRequest(t, 'preview@carevoice.test', 'carevoice-demo');
    await t.db
      .updateTable('users')
      .set({ active: 1 })
      .where('email', '=', 'preview@carevoice.test')
      .execute();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.invalidCredentials });
  });

  it('me/ answers the profile for the cookie session and for a Bearer token', async () => {
    const { body, headers } = await t.login('manager@carevoice.test');
    const profile = {
      all_facility_access: false,
      all_permission_access: false,
      sf_user_id: body.sf_user_id,
      name: 'Morgan Manager',
      email: 'manager@carevoice.test',
    };
    const viaCookie = await me(t, headers);
    expect(viaCookie.statusCode).toBe(200);
    expect(MeResponseSchema.parse(viaCookie.json())).toEqual(profile);
    const viaBearer = await me(t, { authorization: `Bearer ${body.jwt_access}` });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toEqual(profile);
  });

  it('refuses a refresh token, a forged token and garbage as Bearer', async () => {
    const { body } = await t.login(STAFF);
    const [header, payload] = body.jwt_access.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [body.jwt_refresh, forged, 'not-a-jwt']) {
      expectSessionRefused(await me(t, { authorization: `Bearer ${token}` }));
    }
  });

  it('token/refresh/ gives a new access token for a live session, 401 otherwise', async () => {
    const { body, headers } = await t.login(STAFF);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: `${API}/token/refresh/`, payload: { refresh: token } });
    const ok = await refresh(body.jwt_refresh);
    expect(ok.statusCode).toBe(200);
    const access = ok.json<{ access: string }>().access;
    expect(decodeJwt(access)).toMatchObject({ sid: decodeJwt(body.jwt_access).sid, typ: 'access' });
    expect((await me(t, { authorization: `Bearer ${access}` })).statusCode).toBe(200);

    expect((await refresh(body.jwt_access)).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: `${API}/logout/`, headers });
    const afterLogout = await refresh(body.jwt_refresh);
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toEqual({ detail: MESSAGES.sessionExpired });
  });

  it('401 without any session, clearing stale cookies', async () => {
    expectSessionRefused(await me(t, {}), MESSAGES.notSignedIn);
    expectSessionRefused(await me(t, { cookie: 'token=%7B%7D' }), MESSAGES.notSignedIn);
    expectSessionRefused(await me(t, { cookie: 'cv_session=made-up' }));
  });

  it('logout/ revokes the session, clears both cookies and is audited', async () => {
    const { body, headers } = await t.login(STAFF);
    const response = await t.app.inject({ method: 'POST', url: `${API}/logout/`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MESSAGES.loggedOut });
    expect(responseCookies(response)).toEqual({ cv_session: '', token: '' });

    expectSessionRefused(await me(t, headers));
    expectSessionRefused(await me(t, { authorization: `Bearer ${body.jwt_access}` }));
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('action', '=', 'auth.logout')
      .execute();
    expect(audit).toContainEqual({ action: 'auth.logout', actor_user_id: body.sf_user_id });
  });

  it('logout/ without a session is 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/logout/` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.notSignedIn });
  });
});

describeEachDialect('session lifetime', (dialect) => {
  describe('idle timeout', () => {
    const t = useTestApp(dialect, { seed: true });

    it('keeps a session used within SESSION_IDLE_MINUTES and ends one idle longer', async () => {
      const { headers } = await t.login(STAFF);
      t.clock.advanceMinutes(t.config.sessionIdleMinutes - 1);
      expect((await me(t, headers)).statusCode).toBe(200);
      t.clock.advanceMinutes(t.config.sessionIdleMinutes - 1);
      expect((await me(t, headers)).statusCode).toBe(200);
      t.clock.advanceMinutes(t.config.sessionIdleMinutes + 1);
      expectSessionRefused(await me(t, headers));
    });

    it('writes last_seen_at at most once per interval', async () => {
      const { cookies, headers } = await t.login(STAFF);
      const lastSeen = async () =>
        (
          await t.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('id', '=', sha256(cookies.cv_session ?? ''))
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      const signedInAt = await lastSeen();
      t.clock.advanceMinutes(SESSION_TOUCH_INTERVAL_MS / 60_000 / 2);
      await me(t, headers);
      expect(await lastSeen()).toBe(signedInAt);
      t.clock.advanceMinutes(SESSION_TOUCH_INTERVAL_MS / 60_000);
      await me(t, headers);
      expect(await lastSeen()).toBe(t.clock.now().toISOString());
    });
  });

  describe('absolute lifetime', () => {
    const t = useTestApp(dialect, { seed: true, config: { sessionIdleMinutes: 24 * 60 } });

    it('ends a session 7 days after sign-in however active it is', async () => {
      const { headers } = await t.login(STAFF);
      const stepMinutes = 20 * 60;
      let elapsed = 0;
      while (elapsed + stepMinutes < SESSION_MAX_AGE_SECONDS / 60) {
        t.clock.advanceMinutes(stepMinutes);
        elapsed += stepMinutes;
        expect((await me(t, headers)).statusCode, `after ${elapsed} minutes`).toBe(200);
      }
      t.clock.advanceMinutes(stepMinutes);
      expectSessionRefused(await me(t, headers));
    });
  });

  describe('access token lifetime', () => {
    const t = useTestApp(dialect, { seed: true });

    it('refuses jwt_access after 15 minutes while the session lives on', async () => {
      const { body, headers } = await t.login(STAFF);
      t.clock.advanceMinutes(ACCESS_TOKEN_TTL_SECONDS / 60 + 1);
      expectSessionRefused(await me(t, { authorization: `Bearer ${body.jwt_access}` }));
      expect((await me(t, headers)).statusCode).toBe(200);
    });
  });
});

describeEachDialect('sign-in throttling', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it(`refuses an account after ${LOGIN_THROTTLE.maxFailures} failures in ${LOGIN_THROTTLE.windowMinutes} minutes, writing nothing`, async () => {
    const account = 'manager@carevoice.test';
    for (let n = 0; n < LOGIN_THROTTLE.maxFailures; n += 1) {
      const ip = `10.0.0.${n + 1}`;
      expect((await loginRequest(t, account, `wrong-${n}`, ip)).statusCode).toBe(401);
    }
    const before = await t.counts();
    const refused = await loginRequest(t, account, 'carevoice-demo', '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MESSAGES.tooManyLoginAttempts });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMinutes * 60);
    expect(refused.cookies).toEqual([]);
    expect(await t.counts()).toEqual(before);

    // Another account is not affected; the window passing lifts the limit.
    expect((await loginRequest(t, STAFF, 'carevoice-demo', '10.0.1.1')).statusCode).toBe(200);
    t.clock.advanceMinutes(LOGIN_THROTTLE.windowMinutes + 1);
    expect((await loginRequest(t, account, 'carevoice-demo', '10.0.1.1')).statusCode).toBe(200);
  });

  it(`refuses an address after ${LOGIN_THROTTLE.maxFailures} failures across accounts`, async () => {
    const ip = '192.0.2.7';
    for (let n = 0; n < LOGIN_THROTTLE.maxFailures; n += 1) {
      await loginRequest(t, `guess-${n}@carevoice.test`, 'whatever', ip);
    }
    const before = await t.counts();
    const refused = await loginRequest(t, 'admin@carevoice.test', 'carevoice-demo', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.counts()).toEqual(before);
    const elsewhere = await loginRequest(t, 'admin@carevoice.test', 'carevoice-demo', '192.0.2.8');
    expect(elsewhere.statusCode).toBe(200);
  });
});
