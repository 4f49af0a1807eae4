import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { optOut } from './recognition-mail.service.js';
import {
  editPublishedText,
  listRecognitionReviews,
  recognitionSummary,
  undoReview,
} from './recognition.service.js';

export const recognitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('recognitionReviews'),
    handler: async (request) => listRecognitionReviews(ctx, request.query),
  });

  app.route({
    ...endpoint('recognitionEditReview'),
    handler: async (request) =>
      editPublishedText(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.reviewId,
        request.body,
      ),
  });

  app.route({
    ...endpoint('recognitionUndo'),
    handler: async (request) => ({
      detail: await undoReview(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.reviewId,
      ),
    }),
  });

  app.route({
    ...endpoint('recognitionSummary'),
    handler: async (request) => recognitionSummary(ctx, request.query),
  });

  app.route({
    ...endpoint('recognitionOptOut'),
    handler: async (request) => ({
      detail: await optOut(ctx, requestMeta(request), request.body.token),
    }),
  });
};
