import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  LoginResponseSchema,
  MeResponseSchema,
} from '@carevoice/shared';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEVICE_COOKIE,
  KNOWN_DEVICE_DAYS,
  KNOWN_DEVICES_PER_USER_PER_DAY,
  LOGIN_THROTTLE,
  SESSION_MAX_AGE_SECONDS,
  SESSION_TOUCH_INTERVAL_MS,
} from '../../constants.js';
import { TRUST_PROXY_HOP_COUNT_WARNING } from '../../app.js';
import { sha256 } from '../../lib/crypto.js';
import { serverUnknownAccountHash } from './auth.service.js';
import {
  describeEachDialect,
  responseCookies,
  useTestApp,
  type TestApp,
} from '../../test/harness.js';

const API = '/api/v1/users';
const STAFF = 'staff@carevoice.test';

function loginRequest(
  t: TestApp,
  username: string,
  password: string,
  ip = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/sf-login/`,
    payload: { username, password },
    remoteAddress: ip,
    headers,
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
      // What the tablet's lock needs (ADR 025): the default IDLE_LOCK_MINUTES, no PIN yet.
      idle_lock_minutes: 5,
      pin_set: false,
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

  it('token/refresh/ rotates the refresh token; using a replaced one again ends the session', async () => {
    const { body, headers } = await t.login(STAFF);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: `${API}/token/refresh/`, payload: { refresh: token } });
    const first = await refresh(body.jwt_refresh);
    expect(first.statusCode).toBe(200);
    const rotated = first.json<{ access: string; refresh: string }>();
    expect(rotated.refresh).not.toBe(body.jwt_refresh);
    expect(decodeJwt(rotated.refresh)).toMatchObject({ sid: decodeJwt(body.jwt_refresh).sid });
    const second = await refresh(rotated.refresh);
    expect(second.statusCode).toBe(200);

    // The first refresh token again: someone else holds it too. The session ends everywhere.
    const reused = await refresh(body.jwt_refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ detail: ACCOUNT_MESSAGES.refreshTokenReused });
    expectSessionRefused(await me(t, headers));
    const latest = second.json<{ access: string; refresh: string }>();
    expectSessionRefused(await me(t, { authorization: `Bearer ${latest.access}` }));
    expect((await refresh(latest.refresh)).statusCode).toBe(401);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'target_id'])
      .where('action', '=', 'auth.refresh_reused')
      .execute();
    expect(audit).toEqual([
      { action: 'auth.refresh_reused', target_id: decodeJwt(body.jwt_refresh).sid },
    ]);
  });

  it('refuses a correctly signed JWT without an expiry', async () => {
    const { body } = await t.login(STAFF);
    const claims = decodeJwt(body.jwt_access);
    const forever = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('carevoice')
      .setSubject(String(claims.sub))
      .setJti('no-expiry')
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.config.sessionSecret));
    expectSessionRefused(await me(t, { authorization: `Bearer ${forever}` }));
    // The same claims with an expiry, signed the same way, are accepted: only `exp` was missing.
    const bounded = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('carevoice')
      .setSubject(String(claims.sub))
      .setJti('with-expiry')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.sessionSecret));
    expect((await me(t, { authorization: `Bearer ${bounded}` })).statusCode).toBe(200);
  });

  it('a Bearer token used before is refused on the next request after logout', async () => {
    const { body, headers } = await t.login(STAFF);
    const bearer = { authorization: `Bearer ${body.jwt_access}` };
    expect((await me(t, bearer)).statusCode).toBe(200);
    expect((await me(t, bearer)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `${API}/logout/`, headers });
    expectSessionRefused(await me(t, bearer));
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

  // SQLite only: `total_changes()` counts the rows written on the app's one connection; the
  // claim it checks (SessionCache.claimTouch) is the same code on both dialects.
  describe.runIf(dialect === 'sqlite')('requests of one session arriving together', () => {
    const t = useTestApp(dialect, { seed: true });

    it('write last_seen_at once between them', async () => {
      const { headers } = await t.login(STAFF);
      // Rows changed on the app's connection (in-memory SQLite: the tests share it).
      const changes = async () =>
        Number((await sql<{ n: number }>`select total_changes() as n`.execute(t.db)).rows[0]?.n);
      const interval = SESSION_TOUCH_INTERVAL_MS / 60_000;
      t.clock.advanceMinutes(interval);
      let before = await changes();
      expect((await me(t, headers)).statusCode).toBe(200);
      const oneTouch = (await changes()) - before;
      expect(oneTouch).toBeGreaterThan(0);

      t.clock.advanceMinutes(interval);
      before = await changes();
      const responses = await Promise.all(Array.from({ length: 8 }, () => me(t, headers)));
      for (const response of responses) expect(response.statusCode).toBe(200);
      expect((await changes()) - before).toBe(oneTouch);
    });
  });

  describe('idle timeout of one minute', () => {
    const t = useTestApp(dialect, { seed: true, config: { sessionIdleMinutes: 1 } });

    it('keeps an active user signed in for as long as they are active, by cookie and by Bearer', async () => {
      const { body, headers } = await t.login(STAFF);
      const bearer = { authorization: `Bearer ${body.jwt_access}` };
      for (let step = 0; step < 12; step += 1) {
        t.clock.advanceMinutes(50 / 60);
        expect((await me(t, headers)).statusCode, `cookie after ${step + 1} steps`).toBe(200);
        expect((await me(t, bearer)).statusCode, `Bearer after ${step + 1} steps`).toBe(200);
      }
      t.clock.advanceMinutes(61 / 60);
      expectSessionRefused(await me(t, bearer));
      expectSessionRefused(await me(t, headers));
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

/** An argon2id hash's cost parameters (`m=…,t=…,p=…`). */
const argon2Cost = (passwordHash: string) =>
  /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(passwordHash)?.[1];

describe('the hash an unknown account is verified against', () => {
  const accountHash = async (t: TestApp, email: string) =>
    (
      await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  describe('in an app built as production builds it (no test hash; demo data seeded for real)', () => {
    const t = useTestApp('sqlite', { seed: true, fresh: true });

    it("has the server's full cost, the cost of the passwords it stores", async () => {
      const unknown = await t.ctx.unknownAccountHash();
      expect(unknown).toBe(await serverUnknownAccountHash());
      expect(argon2Cost(unknown)).toBe('m=19456,t=2,p=1');
      expect(argon2Cost(await accountHash(t, STAFF))).toBe('m=19456,t=2,p=1');
    });
  });

  describe("in a test app on the seeded template, whose demo accounts have the tests' low cost", () => {
    const t = useTestApp('sqlite', { seed: true });

    it("has the demo accounts' cost, so unknown and known accounts still cost the same", async () => {
      const unknown = await t.ctx.unknownAccountHash();
      expect(argon2Cost(unknown)).toBe('m=256,t=1,p=1');
      expect(argon2Cost(await accountHash(t, STAFF))).toBe(argon2Cost(unknown));
      const refused = await loginRequest(t, 'nobody@carevoice.test', 'carevoice-demo');
      expect(refused.statusCode).toBe(401);
    });
  });
});

describeEachDialect('sign-in throttling', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const { accountLimit, addressLimit, addressPaceSeconds, delayAfter, windowMinutes } =
    LOGIN_THROTTLE;
  const seconds = (value: number) => t.clock.advanceMinutes(value / 60);

  /** Fails `count` times on `account`, from `ip(n)`, waiting out each progressive delay. */
  async function fail(account: string, count: number, ip: (n: number) => string) {
    for (let n = 0; n < count; n += 1) {
      const response = await loginRequest(t, account, `wrong-${n}`, ip(n));
      expect(response.statusCode, response.body).toBe(401);
      seconds(2 ** Math.max(0, n + 1 - delayAfter));
    }
  }

  it(`locks an account after ${accountLimit} failures in ${windowMinutes} minutes for the addresses that failed, not for a clean one`, async () => {
    const account = 'manager@carevoice.test';
    await fail(account, accountLimit, (n) => `10.0.0.${n + 1}`);
    const before = await t.counts();
    const refused = await loginRequest(t, account, 'carevoice-demo', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MESSAGES.tooManyLoginAttempts });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
    expect(refused.cookies).toEqual([]);
    expect(await t.counts()).toEqual(before);

    // The owner at an address that has not failed on the account still signs in.
    expect((await loginRequest(t, account, 'carevoice-demo', '10.0.1.1')).statusCode).toBe(200);
    // Another account is not affected at a locked address; the window passing lifts the lock.
    expect((await loginRequest(t, STAFF, 'carevoice-demo', '10.0.0.1')).statusCode).toBe(200);
    t.clock.advanceMinutes(windowMinutes + 1);
    expect((await loginRequest(t, account, 'carevoice-demo', '10.0.0.1')).statusCode).toBe(200);
  });

  it(`slows an address down progressively after ${delayAfter} failures on one account, while the owner signs in from elsewhere`, async () => {
    const account = 'preview@carevoice.test';
    const attacker = '198.51.100.66';
    for (let n = 0; n < delayAfter; n += 1) {
      expect((await loginRequest(t, account, `guess-${n}`, attacker)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const before = await t.counts();
      const slowed = await loginRequest(t, account, 'carevoice-demo', attacker);
      expect(slowed.statusCode).toBe(429);
      const wait = Number(slowed.headers['retry-after']);
      expect(slowed.json()).toEqual({ detail: ACCOUNT_MESSAGES.attemptsDelayed(wait) });
      expect(await t.counts()).toEqual(before);
      waits.push(wait);
      // The owner at the facility is not slowed down.
      expect((await loginRequest(t, account, 'carevoice-demo', '192.0.2.10')).statusCode).toBe(200);
      seconds(wait);
      expect((await loginRequest(t, account, `guess-again-${round}`, attacker)).statusCode).toBe(
        401,
      );
    }
    expect(waits).toEqual([1, 2, 4]);
    t.clock.advanceMinutes(windowMinutes + 1);
  });

  it('a forgetful user locks only their own account at a shared address', async () => {
    const tablets = '192.0.2.50';
    await fail('staff@carevoice.test', accountLimit, () => tablets);
    expect((await loginRequest(t, STAFF, 'carevoice-demo', tablets)).statusCode).toBe(429);
    for (const colleague of ['manager@carevoice.test', 'preview@carevoice.test']) {
      expect((await loginRequest(t, colleague, 'carevoice-demo', tablets)).statusCode).toBe(200);
    }
    t.clock.advanceMinutes(windowMinutes + 1);
  });

  it(`paces an address above ${addressLimit} failures across accounts to one try every ${addressPaceSeconds} s, never locking it`, async () => {
    const ip = '192.0.2.7';
    for (let n = 0; n < addressLimit; n += 1) {
      await loginRequest(t, `guess-${n % 50}@carevoice.test`, `whatever-${n}`, ip);
    }
    // Right after the hundredth failure even the right password waits — seconds, not the window.
    const before = await t.counts();
    const paced = await loginRequest(t, 'admin@carevoice.test', 'carevoice-demo', ip);
    expect(paced.statusCode).toBe(429);
    const wait = Number(paced.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(addressPaceSeconds);
    expect(paced.json()).toEqual({ detail: ACCOUNT_MESSAGES.attemptsDelayed(wait) });
    expect(await t.counts()).toEqual(before);
    seconds(wait);
    expect((await loginRequest(t, 'admin@carevoice.test', 'carevoice-demo', ip)).statusCode).toBe(
      200,
    );

    // Spraying goes on at the pace: ten guesses a minute, whatever the attacker sends.
    let guesses = 0;
    for (let elapsed = 0; elapsed < 60;) {
      const response = await loginRequest(t, `spray-${elapsed}@carevoice.test`, 'whatever', ip);
      if (response.statusCode === 401) guesses += 1;
      const step = response.statusCode === 429 ? Number(response.headers['retry-after']) : 1;
      seconds(step);
      elapsed += step;
    }
    expect(guesses).toBe(60 / addressPaceSeconds);
    t.clock.advanceMinutes(windowMinutes + 1);
  });
});

describeEachDialect('no lockout a stranger can cause (issue 31, finding 3)', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const { accountLimit, addressLimit, delayAfter, windowMinutes } = LOGIN_THROTTLE;
  const tablets = '192.0.2.80';
  const seconds = (value: number) => t.clock.advanceMinutes(value / 60);

  /** Signs `email` in at the tablets and returns the browser's known-device cookie header. */
  async function knownTablet(email: string): Promise<Record<string, string>> {
    const response = await loginRequest(t, email, 'carevoice-demo', tablets);
    expect(response.statusCode).toBe(200);
    const device = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, path: '/api/', sameSite: 'Lax' });
    return { cookie: `${DEVICE_COOKIE}=${device?.value ?? ''}` };
  }

  /**
   * The attack pass's stranger: two wrong passwords each on made-up emails, from the tablets,
   * waiting out the pace once above the address's limit.
   */
  async function spray(count: number) {
    for (let n = 0; n < count;) {
      const response = await loginRequest(t, `made-up-${n >> 1}@example.test`, `x-${n}`, tablets);
      if (response.statusCode === 429) seconds(Number(response.headers['retry-after']));
      else {
        expect(response.statusCode).toBe(401);
        n += 1;
      }
    }
  }

  it(`after ${addressLimit + 1} failures at the tablets' address, staff on a known tablet sign in at once`, async () => {
    const tablet = await knownTablet('staff@carevoice.test');
    await spray(addressLimit + 1);
    for (const email of ['manager@carevoice.test', 'admin@carevoice.test']) {
      const response = await loginRequest(t, email, 'carevoice-demo', tablets, tablet);
      expect(response.statusCode, email).toBe(200);
      // The browser is already known: no new cookie.
      expect(response.cookies.map((cookie) => cookie.name)).not.toContain(DEVICE_COOKIE);
    }
    t.clock.advanceMinutes(windowMinutes + 1);
  });

  it(`a stranger's ${accountLimit} wrong passwords on a colleague's account do not lock it on a known tablet`, async () => {
    const account = 'manager@carevoice.test';
    const tablet = await knownTablet('staff@carevoice.test');
    for (let n = 0; n < accountLimit; n += 1) {
      expect((await loginRequest(t, account, `guess-${n}`, tablets)).statusCode).toBe(401);
      seconds(2 ** Math.max(0, n + 1 - delayAfter));
    }
    // The stranger's browser (no known device) is locked; the tablet is not even slowed down.
    expect((await loginRequest(t, account, 'carevoice-demo', tablets)).statusCode).toBe(429);
    expect((await loginRequest(t, account, 'carevoice-demo', tablets, tablet)).statusCode).toBe(
      200,
    );
    t.clock.advanceMinutes(windowMinutes + 1);
  });

  it('guesses from a known tablet are limited like any others, on that tablet alone', async () => {
    const account = 'preview@carevoice.test';
    const tablet = await knownTablet('staff@carevoice.test');
    for (let n = 0; n < delayAfter; n += 1) {
      const response = await loginRequest(t, account, `guess-${n}`, tablets, tablet);
      expect(response.statusCode).toBe(401);
    }
    const slowed = await loginRequest(t, account, 'guess-again', tablets, tablet);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ detail: ACCOUNT_MESSAGES.attemptsDelayed(1) });
    // The address without the tablet's cookie has not failed on the account.
    expect((await loginRequest(t, account, 'carevoice-demo', tablets)).statusCode).toBe(200);
    t.clock.advanceMinutes(windowMinutes + 1);
  });

  it(`forgets a device unused for ${KNOWN_DEVICE_DAYS} days, and makes at most ${KNOWN_DEVICES_PER_USER_PER_DAY} new ones per user a day`, async () => {
    const tablet = await knownTablet('staff@carevoice.test');
    t.clock.advanceMinutes(KNOWN_DEVICE_DAYS * 24 * 60 + 1);
    await spray(addressLimit);
    const forgotten = await loginRequest(
      t,
      'staff@carevoice.test',
      'carevoice-demo',
      tablets,
      tablet,
    );
    expect(forgotten.statusCode).toBe(429);
    t.clock.advanceMinutes(windowMinutes + 1);

    t.clock.advanceMinutes(24 * 60);
    const newCookies = [];
    for (let n = 0; n < KNOWN_DEVICES_PER_USER_PER_DAY + 2; n += 1) {
      const response = await loginRequest(t, 'manager@carevoice.test', 'carevoice-demo', tablets);
      newCookies.push(response.cookies.some((cookie) => cookie.name === DEVICE_COOKIE));
    }
    expect(newCookies.filter(Boolean)).toHaveLength(KNOWN_DEVICES_PER_USER_PER_DAY);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const cases = [
    { trustProxy: false as const, expected: '127.0.0.1' },
    { trustProxy: 1, expected: '203.0.113.9' },
    { trustProxy: ['127.0.0.0/8'], expected: '203.0.113.9' },
  ];
  for (const { trustProxy, expected } of cases) {
    describe(`TRUST_PROXY=${JSON.stringify(trustProxy)}`, () => {
      const t = useTestApp('sqlite', { seed: true, config: { trustProxy } });

      it(`takes ${expected}, not the client-written leftmost X-Forwarded-For entry`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: `${API}/sf-login/`,
          payload: { username: STAFF, password: 'not-the-password' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '10.66.66.66, 203.0.113.9' },
        });
        expect(response.statusCode).toBe(401);
        const attempt = await t.db
          .selectFrom('login_attempts')
          .select('source')
          .where('account', '=', STAFF)
          .executeTakeFirstOrThrow();
        expect(attempt.source).toBe(expected);
      });
    });
  }
});

/** Log lines as written, parsed. */
class LogLines {
  readonly raw: string[] = [];

  write(line: string): void {
    this.raw.push(line);
  }

  warnings(): string[] {
    return this.raw
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40)
      .map((line) => line.msg);
  }
}

describeEachDialect('TRUST_PROXY forms (issue 31, finding 9)', (dialect) => {
  describe('a hop count', () => {
    const logs = new LogLines();
    const t = useTestApp(dialect, {
      seed: true,
      logs,
      config: { trustProxy: 1, logLevel: 'warn' },
    });

    it('is warned about at start-up: any peer may write X-Forwarded-For', () => {
      expect(t.app).toBeDefined();
      expect(logs.warnings()).toContain(TRUST_PROXY_HOP_COUNT_WARNING);
    });
  });

  describe('the proxies’ addresses', () => {
    const logs = new LogLines();
    const t = useTestApp(dialect, {
      seed: true,
      logs,
      config: { trustProxy: ['10.0.0.5'], logLevel: 'warn' },
    });

    it('start without the warning, and a client reaching the port directly cannot rotate its address', async () => {
      expect(logs.warnings()).not.toContain(TRUST_PROXY_HOP_COUNT_WARNING);
      const statuses: number[] = [];
      for (let n = 0; n < 30; n += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${API}/sf-login/`,
          payload: { username: `guess-${n}@carevoice.test`, password: 'whatever' },
          remoteAddress: '127.0.3.9',
          headers: { 'x-forwarded-for': `203.0.113.${n + 1}` },
        });
        statuses.push(response.statusCode);
      }
      const attempts = await t.db
        .selectFrom('login_attempts')
        .select('source')
        .distinct()
        .execute();
      expect(attempts).toEqual([{ source: '127.0.3.9' }]);
      expect(statuses.every((status) => status === 401)).toBe(true);
    });
  });
});
