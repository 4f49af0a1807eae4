import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { createFacility, listFacilities, updateFacility } from './admin-facilities.service.js';

export const adminFacilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminListFacilities'),
    handler: async (request) => listFacilities(ctx, requireSession(request).user),
  });

  app.route({
    ...endpoint('adminCreateFacility'),
    handler: async (request, reply) => {
      const id = await createFacility(ctx, requestMeta(request), request.body);
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpoint('adminUpdateFacility'),
    handler: async (request) =>
      updateFacility(ctx, requestMeta(request), request.params.facilityId, request.body),
  });
};
