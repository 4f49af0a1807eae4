import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { MESSAGES, ROUTE_PRELOADS_PATH } from '@carevoice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './constants.js';
import { buildPages, pageFor, renderPage } from './plugins/web.js';
import { buildTestApp, describeEachDialect, useTestApp, type TestApp } from './test/harness.js';

const LOGIN = '/api/v1/users/sf-login/';

describeEachDialect('platform', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  describe('security headers', () => {
    it('sends API answers a CSP that allows nothing, nosniff, frame, resource and referrer headers', async () => {
      for (const url of ['/api/v1/users/me/', '/api/v1/users/no-such-thing/']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      }
    });

    it('sends pages the app’s CSP and helmet’s document headers', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    });

    it('marks every API answer Cache-Control: no-store, errors included', async () => {
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/v1/users/me/' }),
        t.app.inject({ method: 'GET', url: '/api/v1/users/no-such-thing/' }),
        t.app.inject({ method: 'POST', url: LOGIN, payload: { username: 'x', password: 'y' } }),
      ]);
      for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
    });

    it('sends no HSTS header over a plain-http PUBLIC_URL', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('unknown paths', () => {
    it('answers an unknown API path with 404 JSON', async () => {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: '/api/v1/users/nothing-here/' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: MESSAGES.notFound });
      }
    });

    it('answers a URL with a broken escape with 400 JSON in the API error shape', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/survey-sets/%E0%A4%A/',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: MESSAGES.badRequest });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('accepts API paths with and without the trailing slash', async () => {
      const staff = await t.login('staff@carevoice.test');
      for (const url of ['/api/v1/users/me/', '/api/v1/users/me']) {
        const response = await t.app.inject({ method: 'GET', url, headers: staff.headers });
        expect(response.statusCode).toBe(200);
      }
    });

    it('says how to build the web app when there is no build', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/login' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('npm run build');
    });
  });

  describe('cross-site protection', () => {
    const body = { username: 'staff@carevoice.test', password: 'carevoice-demo' };

    it('refuses a state-changing call from another Origin with 403 and writes nothing', async () => {
      const before = await t.counts();
      const response = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { origin: 'https://evil.example' },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.crossSite });
      expect(await t.counts()).toEqual(before);
    });

    it('refuses a state-changing call marked Sec-Fetch-Site: cross-site', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.crossSite });
    });

    it('refuses logout from another origin, so the session stays alive', async () => {
      const staff = await t.login('staff@carevoice.test');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/logout/',
        headers: { ...staff.headers, origin: 'http://localhost:3000.evil.example' },
      });
      expect(response.statusCode).toBe(403);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me/',
        headers: staff.headers,
      });
      expect(me.statusCode).toBe(200);
    });

    it('allows the PUBLIC_URL origin, the request’s own host, same-origin and no Origin', async () => {
      const variants = [
        { origin: t.config.publicUrl },
        { origin: 'http://carevoice.internal:8080', host: 'carevoice.internal:8080' },
        { 'sec-fetch-site': 'same-origin' },
        {},
      ];
      for (const headers of variants) {
        const response = await t.app.inject({ method: 'POST', url: LOGIN, headers, payload: body });
        expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      }
    });

    it('does not check safe methods', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('bad request bodies write nothing', () => {
    const cases: [string, Record<string, string>, string, number, object][] = [
      [
        'malformed JSON',
        { 'content-type': 'application/json' },
        '{"username": "staff@carevoice.test",',
        400,
        { detail: MESSAGES.malformedJson },
      ],
      [
        'an empty JSON body',
        { 'content-type': 'application/json' },
        '',
        400,
        { detail: MESSAGES.malformedJson },
      ],
      [
        'a text/plain body',
        { 'content-type': 'text/plain' },
        'username=staff',
        415,
        { detail: MESSAGES.unsupportedMediaType },
      ],
      [
        'a form body',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'username=staff&password=x',
        415,
        { detail: MESSAGES.unsupportedMediaType },
      ],
      [
        'a body over the limit',
        { 'content-type': 'application/json' },
        JSON.stringify({ username: 'a', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
        413,
        { detail: MESSAGES.payloadTooLarge },
      ],
    ];

    it.each(cases)('%s', async (_name, headers, payload, status, expected) => {
      const before = await t.counts();
      const response = await t.app.inject({ method: 'POST', url: LOGIN, headers, payload });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(expected);
      expect(await t.counts()).toEqual(before);
    });

    it('missing fields and wrong types: 400 with a message per field', async () => {
      const before = await t.counts();
      const missing = await t.app.inject({ method: 'POST', url: LOGIN, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ detail: MESSAGES.badRequest });
      expect(Object.keys(missing.json().errors).sort()).toEqual(['password', 'username']);

      const wrongTypes = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 42, password: ['x'] },
      });
      expect(wrongTypes.statusCode).toBe(400);
      expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(['password', 'username']);

      const empty = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: '', password: '' },
      });
      expect(empty.json().errors).toEqual({
        username: MESSAGES.emailRequired,
        password: MESSAGES.passwordRequired,
      });
      const notAnObject = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(notAnObject.statusCode).toBe(400);
      expect(await t.counts()).toEqual(before);
    });
  });
});

describe('unexpected faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      extend: (app) =>
        app.get('/fault', async () => {
          throw new Error('secret internals at /srv/app.js:12');
        }),
    });
  });
  afterAll(() => t.close());

  it('answer 500 {detail: Something went wrong} without internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/fault' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Something went wrong' });
    expect(response.body).not.toContain('secret');
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-web-'));
  const INDEX =
    '<!doctype html>\n<html>\n  <head>\n    <title>CareVoice SPA</title>\n  </head>\n  <body>\n' +
    '    <div id="root"></div>\n' +
    '    <script type="module" crossorigin src="/assets/index-0a1b2c.js"></script>\n' +
    '  </body>\n</html>\n';
  /** The self-serve survey page's own build (ADR 063), in small. */
  const SURVEY_PAGE =
    '<!doctype html>\n<html>\n  <head>\n    <title>CareVoice survey</title>\n  </head>\n' +
    '  <body><div id="root"></div><script type="module" src="/assets/public-survey-9z.js"></script></body>\n</html>\n';
  const USER_ID = '0b9f4c2e-5d1a-4e8b-9c7d-2f3a4b5c6d7e';
  /** What the web build lists per route (apps/web/build/route-preloads.ts), in small. */
  const PRELOADS = {
    '/login': { files: ['assets/layouts-1a.js', 'assets/login-2b.js', 'assets/ui-3c.js'] },
    '/': {
      files: ['assets/layouts-1a.js', 'assets/home-5e.js', 'assets/home-6f.css'],
      calls: ['me', 'permissions'],
    },
    '/acknowledgement-list': { files: ['assets/layouts-1a.js'], calls: ['me'] },
    '*': { files: ['assets/layouts-1a.js', 'assets/not-found-7a.js'] },
  };
  const modulepreload = (file: string) =>
    `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`;
  const stylePreload = (file: string) =>
    `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`;
  const callPreload = (url: string) =>
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;
  /** The `<link>`s of preloaded files and calls in a page, in order. */
  const preloadsOf = (html: string) =>
    html.match(/<link rel="(?:modulepreload|preload)"[^>]*>/g) ?? [];
  /** The profile cookie as the server sets it at login (ADR 002), for `inject`'s `cookies`. */
  const profileCookie = (profile: unknown) => ({ token: JSON.stringify(profile) });
  const page = (url: string, cookies?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    fs.writeFileSync(
      path.join(webDist, 'assets', 'app-1a2b3c.js.br'),
      zlib.brotliCompressSync('console.log("app")'),
    );
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(webDist, 'public-survey.html'), SURVEY_PAGE);
    // The offline app (ADR 032): the service worker and the web app manifest the build writes.
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"CareVoice"}');
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, ROUTE_PRELOADS_PATH), JSON.stringify(PRELOADS));
    t = await buildTestApp('sqlite', { config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/patient-survey', '/survey-question?x=1', '/forgot-password'])(
    'serves the app page for the SPA route %s',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toContain('CareVoice SPA');
      expect(response.body).toContain(
        '<script type="module" crossorigin src="/assets/index-0a1b2c.js">',
      );
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it.each(['/s/q7Zr4M0kT2xWb9YcVn5L8sHd3Jf6Ga1P', '/s/unknown-token/', '/s/x?utm_source=mail'])(
    'serves the survey page, not the staff app, for %s, with its own strict headers',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(SURVEY_PAGE);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toMatch(/https?:/);
    },
  );

  it("lists the files of the route's screen at the end of the page's head", async () => {
    const login = await page('/login');
    expect(preloadsOf(login.body)).toEqual(PRELOADS['/login'].files.map(modulepreload));
    expect(login.body).toContain(`    ${modulepreload('assets/ui-3c.js')}\n  </head>`);
    const home = await page('/');
    expect(preloadsOf(home.body)).toEqual([
      modulepreload('assets/layouts-1a.js'),
      modulepreload('assets/home-5e.js'),
      stylePreload('assets/home-6f.css'),
    ]);
    // The same page with a trailing slash or a query; any other path gets the not-found screen's.
    for (const url of ['/login/', '/login?next=1']) expect((await page(url)).body).toBe(login.body);
    const unknown = await page('/no/such/screen');
    expect(unknown.statusCode).toBe(200);
    expect(preloadsOf(unknown.body)).toEqual(PRELOADS['*'].files.map(modulepreload));
  });

  it("starts the route's calls from the page for a signed-in visitor, before the files", async () => {
    const cookies = profileCookie({ sf_user_id: USER_ID, name: 'Sam' });
    const home = await page('/', cookies);
    expect(preloadsOf(home.body)).toEqual([
      callPreload('/api/v1/users/me/'),
      callPreload(`/api/v1/users/facility/permission/${USER_ID}/`),
      modulepreload('assets/layouts-1a.js'),
      modulepreload('assets/home-5e.js'),
      stylePreload('assets/home-6f.css'),
    ]);
    const list = await page('/acknowledgement-list', cookies);
    expect(preloadsOf(list.body)[0]).toBe(callPreload('/api/v1/users/me/'));
    // Routes without calls, and visitors without a usable profile cookie, get no call links.
    expect((await page('/login', cookies)).body).toBe((await page('/login')).body);
    const anonymous = (await page('/')).body;
    for (const profile of [
      'not json',
      null,
      { name: 'no id' },
      { sf_user_id: 42 },
      { sf_user_id: '"><script>alert(1)</script>' },
      { sf_user_id: '../../logout' },
    ]) {
      const cookie = typeof profile === 'string' ? { token: profile } : profileCookie(profile);
      expect((await page('/', cookie)).body).toBe(anonymous);
    }
  });

  it('answers a repeated page request with 304 while the page is unchanged', async () => {
    const first = await page('/login');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page('/')).headers.etag).not.toBe(etag);
    // A signed-in visitor's page has links of its own, so a tag of its own.
    const signedIn = await page('/', profileCookie({ sf_user_id: USER_ID }));
    expect(signedIn.headers.etag).not.toBe((await page('/')).headers.etag);
  });

  it('serves index.html unchanged without a usable preload list, and never writes other paths into the page', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-web-'));
    const html = (pages: ReturnType<typeof buildPages>) =>
      renderPage(pageFor(pages, '/'), JSON.stringify({ sf_user_id: USER_ID })).html;
    try {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      const warnings: string[] = [];
      const warn = (message: string) => warnings.push(message);
      expect(html(buildPages(dist, warn))).toBe(INDEX);
      expect(warnings).toEqual([]);

      fs.mkdirSync(path.join(dist, '.vite'));
      for (const list of [
        '{not json',
        JSON.stringify({ '/': { files: ['assets/x.js"><script src="//evil.example/x.js'] } }),
        JSON.stringify({ '/': { files: ['../secret.js'] } }),
        JSON.stringify({ home: { files: ['assets/x.js'] } }),
        JSON.stringify({ '/': ['assets/x.js'] }),
      ]) {
        fs.writeFileSync(path.join(dist, ROUTE_PRELOADS_PATH), list);
        expect(html(buildPages(dist, warn))).toBe(INDEX);
      }
      expect(warnings).toHaveLength(5);

      // Calls the server cannot start from a page (a POST, unknown, or with other parameters)
      // are left to the app.
      warnings.length = 0;
      const calls = ['login', 'no-such-call', 'surveyList', 'me'];
      fs.writeFileSync(
        path.join(dist, ROUTE_PRELOADS_PATH),
        JSON.stringify({ '/': { files: [], calls } }),
      );
      expect(preloadsOf(html(buildPages(dist, warn)))).toEqual([callPreload('/api/v1/users/me/')]);
      expect(warnings).toHaveLength(3);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves hashed assets with a long cache lifetime and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker as JavaScript that is always revalidated, and the manifest as a manifest', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // A browser checks for a new version against the server, never against its HTTP cache.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'CareVoice' });
  });

  it('serves the pre-compressed copy to a browser that accepts it, the plain file otherwise', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('answers 404 (not the page) for a missing file, the build notes and unknown API paths', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    const notes = await t.app.inject({ method: 'GET', url: '/.vite/route-preloads.json' });
    expect(notes.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/users/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: MESSAGES.notFound });
  });
});

describe('https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      seed: true,
      config: { publicUrl: 'https://carevoice.example.org' },
    });
  });
  afterAll(() => t.close());

  it('turns on HSTS and Secure cookies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'staff@carevoice.test', password: 'carevoice-demo' },
    });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    // The session, the spec's profile cookie and the known-device cookie (ADR 048).
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
      'cv_device',
      'cv_session',
      'token',
    ]);
    for (const cookie of response.cookies) expect(cookie.secure).toBe(true);
  });
});
