import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/http.js';
import { permissionsAndFacilities, requireSession } from './access.service.js';

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint('permissions'),
    handler: async (request) => permissionsAndFacilities(app.ctx.db, requireSession(request).user),
  });
};
