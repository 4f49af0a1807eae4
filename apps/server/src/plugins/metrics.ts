/**
 * `GET /metrics` in Prometheus's text format (prom-client), for the operator's monitoring: off
 * (404) unless METRICS_TOKEN is set, then only with `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * - `http_requests_total` and `http_request_duration_seconds` by method, route pattern (never
 *   the URL: no ids or search text in a label) and status;
 * - `carevoice_db_pool_connections` (total, idle, waiting) of the database connections;
 * - `carevoice_queue_size` of the work waiting: mails being delivered, work after responses;
 * - the census feed's (ADR 050), with HL7_PORT: `carevoice_feed_connections` open,
 *   `carevoice_feed_connections_refused_total`, `carevoice_feed_acks_total` by ACK code and
 *   `carevoice_feed_messages_total` by stored status;
 * - Node's own (prom-client's defaults): event-loop lag, heap, CPU, handles.
 *
 * The request hook is added only when metrics are on: a request then costs one counter and one
 * histogram update (docs/performance.md).
 */
import { MESSAGES } from '@carevoice/shared';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { safeEqual } from '../lib/crypto.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { FeedStats } from '../modules/census-feed/census-feed.listener.js';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  database: Pick<DatabaseHandle, 'poolStats'>;
  /** Work not yet done, by queue name. */
  queues: () => Record<string, number>;
  /** The census feed's counts; undefined without a listener. */
  feed?: () => FeedStats | undefined;
}

export default fp<MetricsOptions>(
  async function metricsPlugin(app, options) {
    const token = app.ctx.config.metricsToken;
    if (!token) {
      app.get(METRICS_PATH, async (_request, reply) =>
        reply.code(404).header('cache-control', 'no-store').send({ detail: MESSAGES.notFound }),
      );
      return;
    }

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    new Gauge({
      name: 'carevoice_db_pool_connections',
      help: 'Database connections by state (SQLite: the one connection)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats: Record<string, number> = options.database.poolStats?.() ?? {};
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'carevoice_queue_size',
      help: 'Work waiting to be done, by queue',
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        for (const [queue, value] of Object.entries(options.queues())) this.set({ queue }, value);
      },
    });

    const feed = options.feed?.();
    if (feed) {
      new Gauge({
        name: 'carevoice_feed_connections',
        help: 'Open census feed (MLLP) connections',
        registers: [registry],
        collect() {
          this.set(feed.connections);
        },
      });
      new Counter({
        name: 'carevoice_feed_connections_refused_total',
        help: 'Census feed connections refused (address not allowed, too many connections)',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(feed.refusedConnections);
        },
      });
      new Counter({
        name: 'carevoice_feed_acks_total',
        help: 'Census feed messages answered, by ACK code (AA applied or held, AE error, AR refused)',
        labelNames: ['code'],
        registers: [registry],
        collect() {
          this.reset();
          for (const [code, value] of Object.entries(feed.acks)) this.inc({ code }, value);
        },
      });
      new Counter({
        name: 'carevoice_feed_messages_total',
        help: 'Census feed messages stored, by status (applied, held, error)',
        labelNames: ['status'],
        registers: [registry],
        collect() {
          this.reset();
          for (const [status, value] of Object.entries(feed.stored)) this.inc({ status }, value);
        },
      });
    }

    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    const expected = `Bearer ${token}`;
    app.get(METRICS_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!safeEqual(request.headers.authorization ?? '', expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ detail: MESSAGES.notSignedIn });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
