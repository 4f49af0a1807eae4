import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { sendImportReport } from '../admin-imports/import-reply.js';
import {
  createResident,
  exportResidents,
  importResidents,
  listResidents,
  updateResident,
} from './admin-residents.service.js';

/** The census (DESIGN §8): residents of a facility, their edits, import and export. */
export const adminResidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminResidents'),
    handler: async (request) => listResidents(ctx, request.params.facilityId, request.query),
  });

  app.route({
    ...endpoint('adminResidentCreate'),
    handler: async (request, reply) => {
      const id = await createResident(
        ctx,
        requestMeta(request),
        request.params.facilityId,
        request.body,
      );
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpoint('adminResidentUpdate'),
    handler: async (request) =>
      updateResident(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.residentId,
        request.body,
      ),
  });

  app.route({
    ...endpoint('adminResidentsImport'),
    handler: async (request, reply) => {
      const report = await importResidents(
        ctx,
        requestMeta(request),
        request.params.facilityId,
        request.body,
        request.query.dry_run ?? true,
        { mapping: request.query.mapping, dateFormat: request.query.date_format },
      );
      return sendImportReport(reply, report);
    },
  });

  app.route({
    ...endpoint('adminResidentsExport'),
    handler: async (request, reply) => {
      const file = await exportResidents(ctx, requestMeta(request), request.params.facilityId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', file.contentDisposition)
        .send(file.csv);
    },
  });
};
