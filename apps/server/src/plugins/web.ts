/**
 * Serves the built web app (apps/web/dist): files as they are (hashed assets cached for a year;
 * the rest, the service worker `sw.js` and `manifest.webmanifest` among them, revalidated),
 * as the Brotli or gzip copy the build wrote beside each file when the browser accepts one,
 * and the app's page for every other GET outside /api, so the SPA's routes (/login,
 * /patient-survey…) load on refresh. Unknown API paths answer 404 JSON. Without a build, a short
 * page says how to make one.
 *
 * The page is index.html with, for the path asked for, `<link>`s to the files its screen will
 * load (see `buildPages`), made once at start-up per path.
 *
 * The self-serve survey page (`/s/{token}`, DESIGN §9, ADR 063) is another page:
 * public-survey.html, its own build with none of the staff app, sent with headers of its own
 * (`SURVEY_PAGE_HEADERS`) and the same for every token, known or not — the page asks the API.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  apiPath,
  ENDPOINTS,
  MESSAGES,
  PROFILE_COOKIE,
  ROUTE_PRELOADS_PATH,
  type EndpointDef,
  type EndpointName,
} from '@carevoice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isHttps } from '../env.js';
import { isApiPath } from '../lib/http.js';
import { sendError } from './errors.js';

const NO_BUILD_PAGE =
  'CareVoice: the web app has not been built yet.\n\n' +
  'Run `npm run build` in the project folder, then start the server again.\n' +
  'The API is available under /api/v1/users/.\n';

/**
 * The web build's list (ROUTE_PRELOADS_PATH, apps/web/build/route-preloads.ts): for each path of
 * the SPA's route table ("*" for the rest), the files inside dist that its screen loads after the
 * entry, and the API endpoints (by name) its route calls at once.
 */

/** A built JS or CSS file under assets/: nothing else may reach the page's HTML. */
const AssetFile = z.string().regex(/^assets\/[\w.~-]+\.(?:js|css)$/);
const RoutePreloads = z.record(
  z.string().startsWith('/').or(z.literal('*')),
  z.strictObject({ files: z.array(AssetFile), calls: z.array(z.string()).optional() }),
);

/** The survey page's file in the build (apps/web/vite.public.config.ts). */
const SURVEY_PAGE_FILE = 'public-survey.html';

/** The survey page's path: `PUBLIC_URL/s/{token}` (DESIGN §9; a final slash too, as every route). */
const SURVEY_PAGE_ROUTE = '/s/:token';

/**
 * The survey page's headers, in place of the staff app's: a CSP that allows the page's own
 * script, stylesheet, icon and API calls and nothing else (no inline script or style, no other
 * origin, no frames, no forms posted anywhere); no referrer, so the link's token never leaves in
 * a `Referer`; never stored by a cache, since the page belongs to one recipient's link.
 */
function surveyPageHeaders(https: boolean): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** What a user id in a page's links may look like (ids are UUIDs). */
const USER_ID = /^[\w-]{1,64}$/;

/** A route's page: index.html with its file preloads, split where the call preloads go. */
export interface Page {
  /** Up to where the call preloads go, and the rest (file preloads, `</head>`, body). */
  head: string;
  rest: string;
  /** Endpoints the route calls at once: GET, with no path parameter but the user's id. */
  calls: EndpointName[];
  /** ETag of the page without call preloads. */
  etag: string;
}

const etagOf = (html: string) =>
  `"${crypto.createHash('sha256').update(html).digest('base64url')}"`;

/**
 * The `<link>` that has the browser fetch a screen's file now, as the app will ask for it later.
 * `crossorigin` as on the module script and on the links Vite's loader adds, so the browser reuses
 * these responses instead of fetching again. `fetchpriority="low"`: the page's stylesheet and
 * entry script come first, since the loading page paints with the one and the other has to run
 * before any screen can; the screen's files share the bandwidth that is left.
 */
function fileLink(file: string): string {
  return file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`
    : `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`;
}

/**
 * The `<link>` that starts an API call the app is about to make. `crossorigin="anonymous"`: the
 * app's fetch sends cookies same-origin and asks in CORS mode, and only a preload made the same
 * way is handed to it.
 */
function callLink(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;
}

/** Which of a route's calls the server can start from the page: GETs it can fill in. */
function startableCalls(names: string[], warn: (message: string) => void): EndpointName[] {
  return names.filter((name): name is EndpointName => {
    const endpoint = (ENDPOINTS as Record<string, EndpointDef | undefined>)[name];
    const params = endpoint?.path.match(/:[A-Za-z]+/g) ?? [];
    const startable = endpoint?.method === 'GET' && params.every((param) => param === ':sfUserId');
    if (!startable) warn(`web: the route call ${name} cannot be started from the page`);
    return startable;
  });
}

/**
 * The page for every path of the SPA's route table, and for any other path ("*", the not-found
 * screen): index.html with `modulepreload` links to the route's chunks (and `preload` links to
 * stylesheets of its own, if it has any). Every route of the app is lazy, so without them the
 * browser would ask for the screen's code only after downloading and running the entry; with
 * them the screen's code downloads alongside it. Without the build's list (or with one this
 * server cannot read), every path gets index.html unchanged.
 */
export function buildPages(root: string, warn: (message: string) => void): Map<string, Page> {
  const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const plain = (): Map<string, Page> =>
    new Map([['*', { head: template, rest: '', calls: [], etag: etagOf(template) }]]);
  const listFile = path.join(root, ROUTE_PRELOADS_PATH);
  if (!fs.existsSync(listFile)) return plain();
  const parsed = RoutePreloads.safeParse(
    (() => {
      try {
        return JSON.parse(fs.readFileSync(listFile, 'utf8')) as unknown;
      } catch {
        return undefined;
      }
    })(),
  );
  const headEnd = template.indexOf('</head>');
  if (!parsed.success || headEnd < 0) {
    warn(`web: ${listFile} or index.html is not as expected; pages are served without preloads`);
    return plain();
  }
  const pages = new Map<string, Page>();
  // Links go at the end of the head, one a line: calls (per request) first, then files.
  const head = template.slice(0, headEnd).replace(/[ \t]*$/, '');
  const tail = `  ${template.slice(headEnd)}`;
  for (const [routePath, { files, calls = [] }] of Object.entries(parsed.data)) {
    const rest = files.map((file) => `    ${fileLink(file)}\n`).join('') + tail;
    pages.set(routePath, {
      head,
      rest,
      calls: startableCalls(calls, warn),
      etag: etagOf(head + rest),
    });
  }
  if (!pages.has('*')) pages.set('*', plain().get('*') as Page);
  return pages;
}

/** The page for a request path: its route's, or the not-found screen's. */
export function pageFor(pages: Map<string, Page>, pathname: string): Page {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return pages.get(normalised) ?? (pages.get('*') as Page);
}

/**
 * The page's HTML for one request. For a signed-in visitor (the profile cookie the app reads,
 * ADR 002) the route's calls are started from the page too, so their answers are on the way
 * before the app's code has arrived; the app's own request for them then takes that answer.
 * The cookie only decides which links to write: the calls are checked against the session as any
 * other.
 */
export function renderPage(
  page: Page,
  profileCookie: string | undefined,
): { html: string; etag: string } {
  const userId = ((): string | undefined => {
    if (page.calls.length === 0 || profileCookie === undefined) return undefined;
    try {
      const profile = JSON.parse(profileCookie) as { sf_user_id?: unknown } | null;
      const id = profile?.sf_user_id;
      return typeof id === 'string' && USER_ID.test(id) ? id : undefined;
    } catch {
      return undefined;
    }
  })();
  if (userId === undefined) return { html: page.head + page.rest, etag: page.etag };
  const links = page.calls.map((name) => `    ${callLink(apiPath(name, { sfUserId: userId }))}\n`);
  const html = page.head + links.join('') + page.rest;
  return { html, etag: etagOf(html) };
}

export default fp(
  async function webPlugin(app) {
    const root = app.ctx.config.webDist;
    const built = fs.existsSync(path.join(root, 'index.html'));
    const pages = built ? buildPages(root, (message) => app.log.warn(message)) : new Map();
    if (built) {
      await app.register(fastifyStatic, {
        root,
        preCompressed: true,
        cacheControl: false,
        // `/` is a route of the app like any other: its page comes from `sendPage` below.
        index: false,
        // The build's own notes (.vite/route-preloads.json) are for this server, not for browsers.
        dotfiles: 'ignore',
        // Hashed files under assets/ never change; every other file is revalidated on each use:
        // index.html, the icons, the web app manifest and above all the service worker (sw.js),
        // whose new version a browser must see at once (ADR 032).
        setHeaders(reply, file) {
          const immutable = file.startsWith(path.join(root, 'assets') + path.sep);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const sendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NO_BUILD_PAGE);
      const { html, etag } = renderPage(pageFor(pages, pathname), request.cookies[PROFILE_COOKIE]);
      // The page differs with the profile cookie (see renderPage).
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    };

    if (built) app.get('/', (request, reply) => sendPage(request, reply, '/'));

    // The survey page: read once; the token is in no log line (lib/http.ts, requestForLog).
    const surveyFile = path.join(root, SURVEY_PAGE_FILE);
    const surveyPage = fs.existsSync(surveyFile) ? fs.readFileSync(surveyFile, 'utf8') : undefined;
    const surveyHeaders = surveyPageHeaders(isHttps(app.ctx.config));
    app.get(SURVEY_PAGE_ROUTE, (_request, reply) => {
      reply.headers(surveyHeaders);
      if (surveyPage === undefined) {
        return reply.code(503).type('text/plain; charset=utf-8').send(NO_BUILD_PAGE);
      }
      return reply.type('text/html; charset=utf-8').send(surveyPage);
    });

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathname) &&
        path.extname(pathname) === '';
      if (!isPage) return sendError(request, reply, 404, MESSAGES.notFound);
      return sendPage(request, reply, pathname);
    });
  },
  { name: 'web' },
);
