import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { sendImportReport } from '../admin-imports/import-reply.js';
import {
  createEmployee,
  exportEmployees,
  importEmployees,
  listEmployees,
  updateEmployee,
} from './admin-employees.service.js';

/** The staff list (DESIGN §8): employees of a facility, their edits, import and export. */
export const adminEmployeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminEmployees'),
    handler: async (request) => listEmployees(ctx, request.params.facilityId, request.query),
  });

  app.route({
    ...endpoint('adminEmployeeCreate'),
    handler: async (request, reply) => {
      const id = await createEmployee(
        ctx,
        requestMeta(request),
        request.params.facilityId,
        request.body,
      );
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpoint('adminEmployeeUpdate'),
    handler: async (request) =>
      updateEmployee(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.employeeId,
        request.body,
      ),
  });

  app.route({
    ...endpoint('adminEmployeesImport'),
    handler: async (request, reply) => {
      const report = await importEmployees(
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
    ...endpoint('adminEmployeesExport'),
    handler: async (request, reply) => {
      const file = await exportEmployees(ctx, requestMeta(request), request.params.facilityId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', file.contentDisposition)
        .send(file.csv);
    },
  });
};
