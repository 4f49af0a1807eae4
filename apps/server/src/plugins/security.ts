/**
 * Security headers and the cross-site check.
 *
 * - Pages and files of the web app: helmet's headers (CSP for the Vite-built SPA, nosniff,
 *   frame-ancestors none, no-referrer, HSTS with an https PUBLIC_URL).
 * - API answers (JSON, never rendered as a page): the headers that matter for them, as the OWASP
 *   REST Security Cheat Sheet lists them: `Cache-Control: no-store`, a CSP that allows nothing
 *   (`default-src 'none'; frame-ancestors 'none'`), nosniff, `X-Frame-Options: DENY`,
 *   `Cross-Origin-Resource-Policy: same-origin`, no-referrer and HSTS. The document-only headers
 *   (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, …) have no meaning for JSON, and fewer
 *   headers are less to write on every call (docs/performance.md).
 * - The cross-site check on state-changing API calls (ADR 002): refused when the browser says
 * `Sec-Fetch-Site: cross-site` or sends an `Origin` that is neither PUBLIC_URL nor the request's
 * own host. Requests without `Origin` (non-browser clients) pass; the SameSite cookie is the
 * second line.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { MESSAGES } from '@carevoice/shared';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { isHttps } from '../env.js';
import { isApiPath } from '../lib/http.js';
import { forbidden } from '../lib/http-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Headers of an HTTP exchange itself, not of helmet. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets for these options. @fastify/helmet runs helmet on every request and
 * builds its middleware (parsing the CSP directives) each time; without nonces the result never
 * changes, so it is taken once, from a request to a throwaway instance at start-up, and every
 * reply gets the same headers (docs/performance.md).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name]) => !NOT_HELMET.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}

export default fp(
  async function securityPlugin(app) {
    const { config } = app.ctx;
    const https = isHttps(config);

    const headers = await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    const apiHeaders: Record<string, string> = {
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      ...(https
        ? { 'strict-transport-security': String(headers['strict-transport-security']) }
        : {}),
    };

    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiPath(request.url)) {
        reply.headers(headers);
        return done();
      }
      reply.headers(apiHeaders);
      if (!STATE_CHANGING.has(request.method)) return done();
      const origin = request.headers.origin;
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (
        request.headers['sec-fetch-site'] === 'cross-site' ||
        (origin !== undefined && origin !== config.publicUrl && origin !== ownOrigin)
      ) {
        return done(forbidden(MESSAGES.crossSite));
      }
      done();
    });
  },
  { name: 'security' },
);
