import { FacilityPermissionResponseSchema, IdSchema } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint, responses } from '../../lib/http.js';
import { permissionsAndFacilities, requireSession } from './access.service.js';

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint('permissions'),
    schema: {
      params: z.object({ sfUserId: IdSchema }),
      response: responses('permissions', { 200: FacilityPermissionResponseSchema }),
    },
    handler: async (request) => permissionsAndFacilities(app.ctx.db, requireSession(request).user),
  });
};
