import {
  AcknowledgementListResponseSchema,
  DetailResponseSchema,
  IdSchema,
  ReviewDecisionRequestSchema,
} from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint, requestMeta, responses } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { decideReview, pendingAcknowledgements } from './acknowledgements.service.js';

const facilityParams = z.object({ facilityId: IdSchema });

export const acknowledgementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('acknowledgements'),
    schema: {
      params: facilityParams,
      response: responses('acknowledgements', { 200: AcknowledgementListResponseSchema }),
    },
    handler: async (request) => pendingAcknowledgements(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('reviewDecision'),
    schema: {
      params: facilityParams,
      body: ReviewDecisionRequestSchema,
      response: responses('reviewDecision', { 200: DetailResponseSchema }),
    },
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
