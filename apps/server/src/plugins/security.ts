/**
 * Security headers (helmet: CSP for the Vite-built SPA, nosniff, frame-ancestors none,
 * no-referrer, HSTS with an https PUBLIC_URL), `Cache-Control: no-store` on API answers, and the
 * cross-site check on state-changing API calls (ADR 002): refused when the browser says
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
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      reply.header('cache-control', 'no-store');
      if (!STATE_CHANGING.has(request.method)) return;
      const origin = request.headers.origin;
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (
        request.headers['sec-fetch-site'] === 'cross-site' ||
        (origin !== undefined && origin !== config.publicUrl && origin !== ownOrigin)
      ) {
        throw forbidden(MESSAGES.crossSite);
      }
    });
  },
  { name: 'security' },
);
