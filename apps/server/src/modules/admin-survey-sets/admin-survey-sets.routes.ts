import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { createSurveySet, listSurveySets, updateSurveySet } from './admin-survey-sets.service.js';

export const adminSurveySetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminListSurveySets'),
    handler: async (request) => listSurveySets(ctx, requireSession(request).user),
  });

  app.route({
    ...endpoint('adminCreateSurveySet'),
    handler: async (request, reply) => {
      const id = await createSurveySet(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.body,
      );
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpoint('adminUpdateSurveySet'),
    handler: async (request) =>
      updateSurveySet(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.surveySetId,
        request.body,
      ),
  });
};
