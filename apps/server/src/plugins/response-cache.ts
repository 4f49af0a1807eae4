/**
 * Answers of the read endpoints, kept in memory between writes and sent compressed (ADR 011).
 *
 * - What is cached: the 200 answers of the GET endpoints whose ENDPOINTS entry has a `cache`
 *   scope, by endpoint, path parameters and query string as sent, plus the user for answers
 *   that depend on who asks (`user`). A `facility` answer depends on the facility in the path
 *   and the data alone, so every user who may see that facility shares it; the guard has
 *   refused everyone else before this runs.
 * - When: every access rule, the validation and the guard's checks run on every request as
 *   before; only the handler is skipped, by a route preHandler that runs after the guard's.
 *   Errors are never cached.
 * - For how long: until the change counter moves (db/change-counter.ts), which any write the
 *   answer could show does, by this process or another one (on PostgreSQL, any commit in the
 *   cluster: ADR 028).
 * - Compression: a browser's `Accept-Encoding` gets the body as Brotli or gzip when it is over
 *   COMPRESS_MIN_BYTES, made once per cached answer and kept with it (a due list of ~270
 *   surveys: 32 kB of JSON, ~4 kB compressed).
 *
 * What it saves, measured (docs/performance.md, ADR 011): a repeated read costs ~20–30 µs of
 * server CPU instead of its handler's 100–2,000 µs (acknowledgement list 550 → 11,512 req/s).
 *
 * - Per day (`cachePerDay`): an answer that depends on the server's "today" (the CoreQ panel,
 *   whose periods run to today when the query names no end) also has today's date in its key:
 *   the UTC date of the clock, `toDateString(ctx.now())`, the same value the service computes
 *   its periods from (ADR 061). The first request of a new day misses and computes afresh. A
 *   request that passes this check just before midnight and computes just after keeps the new
 *   day's answer under the old day, which only the requests of that same last moment can read.
 *
 * What a reader must not break: a `facility` scope is only right for an answer that depends on
 * nothing but the path's facility and the data (packages/shared endpoints.test.ts checks the
 * path); an answer that depends on the user needs `user`; one that depends on the date needs
 * `cachePerDay`, and the service must take its "today" from `toDateString` of the request's
 * time (ctx.now()); one that depends on the time of day needs no cache at all (the results'
 * periods are dates the query names, ADR 040).
 */
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { CacheScope, EndpointName } from '@carevoice/shared';
import type {
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { RESPONSE_CACHE_LIMITS } from '../constants.js';
import { toDateString } from '../db/values.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { endpointDef, hookList } from '../lib/http.js';

/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

interface CachedAnswer {
  contentType: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface Slot {
  key: string;
  generation: number;
  /** Hands the answer (or none: an error, a stream) to the requests that waited for it. */
  settle: (answer: CachedAnswer | undefined) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the answer of a cacheable request goes (set in preHandler on a miss). */
    responseCacheSlot: Slot | null;
  }
}

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 5: within a few percent of the best size for JSON, at a millisecond for a due list.
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => zlib.gzipSync(body),
};

/** A bounded memo of parsed Accept-Encoding values (browsers send a handful of distinct ones). */
function boundedMemo(limit: number) {
  const values = new Map<string, string>();
  return {
    get: (key: string) => values.get(key),
    has: (key: string) => values.has(key),
    set(key: string, value: string) {
      if (values.size >= limit) values.clear();
      values.set(key, value);
      return this;
    },
  };
}

export default fp(
  async function responseCachePlugin(app) {
    const { changes, now } = app.ctx;
    const cache = new GenerationCache<CachedAnswer>(RESPONSE_CACHE_LIMITS);
    const negotiator = new Negotiator<Encoding | 'identity'>({
      supportedValues: ['br', 'gzip', 'identity'],
      cache: boundedMemo(64),
    });
    app.decorateRequest('responseCacheSlot', null);
    /**
     * Answers being computed, by key. A request that misses while its key is being computed at
     * the same count waits for that answer instead of computing it again: requests missing
     * together after a write ran the handler once each (the acknowledgement list on the chain
     * database: 105 computations of 3 answers in a row of 50 connections; ADR 041).
     */
    const computing = new Map<
      string,
      { generation: number; answer: Promise<CachedAnswer | undefined> }
    >();

    /** The body to send for the request's Accept-Encoding, compressing it on first use. */
    function encodedBody(
      answer: CachedAnswer,
      key: string,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Buffer {
      reply.header('content-type', answer.contentType);
      if (answer.identity.length < COMPRESS_MIN_BYTES) return answer.identity;
      reply.header('vary', 'accept-encoding');
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiator.negotiate(accepted) : null;
      if (encoding === null || encoding === 'identity') return answer.identity;
      let body = answer[encoding];
      if (!body) {
        body = COMPRESS[encoding](answer.identity);
        answer[encoding] = body;
        cache.grow(key, body.length);
      }
      reply.header('content-encoding', encoding);
      return body;
    }

    /** preHandler, after the guard's: the cached answer, or a slot for the handler's. */
    function answerFromCache(
      name: EndpointName,
      scope: CacheScope,
      perDay: boolean,
    ): preHandlerHookHandler {
      return function cachedAnswer(request, reply, done) {
        // Up to date: the guard's session lookup waited for the count (SessionCache.find).
        const generation = changes.current();
        if (generation === undefined || !request.auth) return done();
        const query = request.url.indexOf('?');
        const key = JSON.stringify([
          name,
          scope === 'user' ? request.auth.user.id : '',
          query === -1 ? '' : request.url.slice(query),
          perDay ? toDateString(now()) : '',
          ...Object.values(request.params as Record<string, unknown>),
        ]);
        const answer = cache.get(key, generation);
        if (answer) {
          reply.send(encodedBody(answer, key, request, reply));
          return;
        }
        const pending = computing.get(key);
        if (pending?.generation === generation) {
          // The same answer, as a hit a moment later would get it; none: compute it here.
          void pending.answer.then((computed) =>
            computed ? reply.send(encodedBody(computed, key, request, reply)) : done(),
          );
          return;
        }
        let settle: (computed: CachedAnswer | undefined) => void = () => {};
        const entry = {
          generation,
          answer: new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve)),
        };
        computing.set(key, entry);
        request.responseCacheSlot = {
          key,
          generation,
          settle(computed) {
            if (computing.get(key) === entry) computing.delete(key);
            settle(computed);
          },
        };
        done();
      };
    }

    /** onSend: keeps a 200 answer made for a slot, and sends it encoded. */
    const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
      const slot = request.responseCacheSlot;
      if (!slot) return done(null, payload);
      request.responseCacheSlot = null;
      if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        slot.settle(undefined);
        return done(null, payload);
      }
      const answer: CachedAnswer = {
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        identity: Buffer.from(payload),
      };
      cache.set(slot.key, answer, slot.generation, answer.identity.length);
      slot.settle(answer);
      done(null, encodedBody(answer, slot.key, request, reply));
    };

    /** onResponse: a slot no answer reached (the request ended another way) lets its waiters go. */
    const releaseSlot: onResponseHookHandler = (request, _reply, done) => {
      request.responseCacheSlot?.settle(undefined);
      request.responseCacheSlot = null;
      done();
    };

    // Route hooks, appended after the guard's (the auth plugin's onRoute runs first).
    app.addHook('onRoute', (route) => {
      const name = route.config?.endpoint;
      const def = name && endpointDef(name);
      if (!name || !def || !def.cache) return;
      route.preHandler = [
        ...hookList(route.preHandler),
        answerFromCache(name, def.cache, def.cachePerDay === true),
      ];
      route.onSend = [...hookList(route.onSend), keepAnswer];
      route.onResponse = [...hookList(route.onResponse), releaseSlot];
    });
  },
  { name: 'response-cache', dependencies: ['auth'] },
);
