import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import {
  applyFeedMessageAgain,
  getFeedMapping,
  listFeedMessages,
  updateFeedMapping,
  viewFeedMessage,
} from './census-feed.service.js';

/** The census feed in the back office (DESIGN §9): mapping, messages, raw view, apply again. */
export const censusFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminFeedMapping'),
    handler: async (request) => getFeedMapping(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('adminFeedMappingUpdate'),
    handler: async (request) =>
      updateFeedMapping(ctx, requestMeta(request), request.params.facilityId, request.body),
  });

  app.route({
    ...endpoint('adminFeedMessages'),
    handler: async (request) => listFeedMessages(ctx, request.params.facilityId, request.query),
  });

  app.route({
    ...endpoint('adminFeedMessage'),
    handler: async (request) =>
      viewFeedMessage(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.messageId,
      ),
  });

  app.route({
    ...endpoint('adminFeedMessageApply'),
    handler: async (request) =>
      applyFeedMessageAgain(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.messageId,
      ),
  });
};
