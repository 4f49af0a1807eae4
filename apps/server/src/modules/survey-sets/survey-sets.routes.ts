import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta, sendJsonText } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import {
  activePatients,
  createSetSurvey,
  culinaryEmployees,
  setQuestions,
  surveySets,
} from './survey-sets.service.js';

export const surveySetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('surveySets'),
    handler: async (request) => surveySets(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('activePatients'),
    handler: async (request, reply) =>
      sendJsonText(reply, await activePatients(ctx, request.params.facilityId)),
  });

  app.route({
    ...endpoint('setQuestions'),
    handler: async (request) =>
      setQuestions(ctx, requireSession(request).user, request.params.surveySetId),
  });

  app.route({
    ...endpoint('createSetSurvey'),
    handler: async (request) => ({
      survey_id: await createSetSurvey(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpoint('culinaryEmployees'),
    handler: async (request) => culinaryEmployees(ctx, request.params.facilityId),
  });
};
