import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { setupProgress } from './admin-setup.service.js';

export const adminSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminSetup'),
    handler: async (request) => setupProgress(ctx, requireSession(request).user),
  });
};
