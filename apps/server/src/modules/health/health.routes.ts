import { HealthResponseSchema } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../constants.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { probeDatabase } from './health.repository.js';

/**
 * GET /healthz (outside the API base): ok when the database would take a write, 503 with
 * `Retry-After` otherwise (locked, unreachable or closed).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await probeDatabase(app.ctx.db, app.ctx.dialect);
        return { status: 'ok' as const };
      } catch (error) {
        const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
        request.log[level]({ err: error }, 'health check: database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' });
      }
    },
  );
};
