import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../lib/csv.js';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { auditEventPage, exportAuditEvents } from './audit-log.service.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminListAuditEvents'),
    handler: async (request) => auditEventPage(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('adminExportAuditEvents'),
    handler: async (request, reply) => {
      const { filename, csv } = await exportAuditEvents(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.query,
        { record: request.method !== 'HEAD' },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename))
        .send(csv);
    },
  });
};
