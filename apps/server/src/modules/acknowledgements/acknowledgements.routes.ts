import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { decideReview, pendingAcknowledgements } from './acknowledgements.service.js';

export const acknowledgementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('acknowledgements'),
    handler: async (request) => pendingAcknowledgements(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('reviewDecision'),
    handler: async (request) => ({
      detail: await decideReview(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.facilityId,
        request.body,
      ),
    }),
  });
};
