import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import {
  createCampaign,
  getCampaign,
  listCampaigns,
  setCampaignPaused,
  updateCampaign,
} from './campaigns.service.js';

/** Campaigns of surveys by link (DESIGN §9, ADR 065). */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminCampaigns'),
    handler: async (request) => listCampaigns(ctx, request.params.facilityId, request.query),
  });

  app.route({
    ...endpoint('adminCampaignCreate'),
    handler: async (request, reply) => {
      const id = await createCampaign(
        ctx,
        requestMeta(request),
        request.params.facilityId,
        request.body,
      );
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpoint('adminCampaign'),
    handler: async (request) =>
      getCampaign(ctx, requireSession(request).user, request.params.campaignId),
  });

  app.route({
    ...endpoint('adminCampaignUpdate'),
    handler: async (request) =>
      updateCampaign(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.campaignId,
        request.body,
      ),
  });

  for (const [name, paused] of [
    ['adminCampaignPause', true],
    ['adminCampaignResume', false],
  ] as const) {
    app.route({
      ...endpoint(name),
      handler: async (request) =>
        setCampaignPaused(
          ctx,
          requestMeta(request),
          requireSession(request).user,
          request.params.campaignId,
          paused,
        ),
    });
  }
};
