import {
  ActivePatientsResponseSchema,
  CreateSetSurveyRequestSchema,
  CreateSurveyResponseSchema,
  CulinaryEmployeesResponseSchema,
  IdSchema,
  QuestionsResponseSchema,
  SurveySetsResponseSchema,
} from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint, requestMeta, responses, sendJsonText } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import {
  activePatients,
  createSetSurvey,
  culinaryEmployees,
  setQuestions,
  surveySets,
} from './survey-sets.service.js';

const facilityParams = z.object({ facilityId: IdSchema });

export const surveySetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('surveySets'),
    schema: {
      params: facilityParams,
      response: responses('surveySets', { 200: SurveySetsResponseSchema }),
    },
    handler: async (request) => surveySets(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('activePatients'),
    schema: {
      params: facilityParams,
      response: responses('activePatients', { 200: ActivePatientsResponseSchema }),
    },
    handler: async (request, reply) =>
      sendJsonText(reply, await activePatients(ctx, request.params.facilityId)),
  });

  app.route({
    ...endpoint('setQuestions'),
    schema: {
      params: z.object({ surveySetId: IdSchema }),
      response: responses('setQuestions', { 200: QuestionsResponseSchema }),
    },
    handler: async (request) =>
      setQuestions(ctx, requireSession(request).user, request.params.surveySetId),
  });

  app.route({
    ...endpoint('createSetSurvey'),
    schema: {
      body: CreateSetSurveyRequestSchema,
      response: responses('createSetSurvey', { 200: CreateSurveyResponseSchema }),
    },
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
    schema: {
      params: facilityParams,
      response: responses('culinaryEmployees', { 200: CulinaryEmployeesResponseSchema }),
    },
    handler: async (request) => culinaryEmployees(ctx, request.params.facilityId),
  });
};
