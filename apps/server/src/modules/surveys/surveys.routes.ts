import {
  ActiveEmployeesResponseSchema,
  CreateSurveyRequestSchema,
  CreateSurveyResponseSchema,
  DatedSurveyListResponseSchema,
  DateStringSchema,
  DelaySurveyRequestSchema,
  DetailResponseSchema,
  FetchAnswersRequestSchema,
  FetchAnswersResponseSchema,
  IdSchema,
  MESSAGES,
  QuestionsResponseSchema,
  ResidentDischargedRequestSchema,
  ResidentSurveyTypeSchema,
  SubmitAnswersRequestSchema,
  SubmitAnswersResponseSchema,
  SurveyListResponseSchema,
  TextSchema,
  UnlistedResidentsResponseSchema,
} from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint, requestMeta, responses, sendJsonText } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.js';
import { submitAnswers, submittedAnswers } from './submission.service.js';
import {
  activeEmployees,
  createSurvey,
  datedDueList,
  delaySurvey,
  dueList,
  residentDischarged,
  surveyQuestions,
  unlistedResidents,
} from './surveys.service.js';

/** Set on a submission answered from the idempotency record (nothing was written). */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const facilityParams = z.object({ facilityId: IdSchema });
const listParams = z.object({ facilityId: IdSchema, surveyType: ResidentSurveyTypeSchema });

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('surveyList'),
    schema: {
      params: listParams,
      response: responses('surveyList', { 200: SurveyListResponseSchema }),
    },
    handler: async (request, reply) =>
      sendJsonText(reply, await dueList(ctx, request.params.facilityId, request.params.surveyType)),
  });

  app.route({
    ...endpoint('surveyListDated'),
    schema: {
      params: listParams.extend({ startDate: DateStringSchema, endDate: DateStringSchema }),
      response: responses('surveyListDated', { 200: DatedSurveyListResponseSchema }),
    },
    handler: async (request, reply) =>
      sendJsonText(
        reply,
        await datedDueList(ctx, {
          facilityId: request.params.facilityId,
          surveyType: request.params.surveyType,
          start: request.params.startDate,
          end: request.params.endDate,
        }),
      ),
  });

  app.route({
    ...endpoint('unlistedResidents'),
    schema: {
      params: facilityParams.extend({
        // Fastify refuses path parameters over 100 characters (414) before this runs.
        searchText: TextSchema,
      }),
      response: responses('unlistedResidents', { 200: UnlistedResidentsResponseSchema }),
    },
    handler: async (request) => ({
      data: await unlistedResidents(ctx, request.params.facilityId, request.params.searchText),
    }),
  });

  app.route({
    ...endpoint('createSurvey'),
    schema: {
      body: CreateSurveyRequestSchema,
      response: responses('createSurvey', { 200: CreateSurveyResponseSchema }),
    },
    handler: async (request) => ({
      survey_id: await createSurvey(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpoint('questions'),
    schema: {
      params: z.object({ surveyType: ResidentSurveyTypeSchema, facilityId: IdSchema }),
      response: responses('questions', { 200: QuestionsResponseSchema }),
    },
    handler: async (request) =>
      surveyQuestions(ctx, request.params.facilityId, request.params.surveyType),
  });

  app.route({
    ...endpoint('submitAnswers'),
    schema: {
      body: SubmitAnswersRequestSchema,
      response: responses('submitAnswers', { 200: SubmitAnswersResponseSchema }),
    },
    handler: async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const { body, replayed } = await submitAnswers(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        key,
        request.body,
      );
      if (replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return body;
    },
  });

  app.route({
    ...endpoint('delaySurvey'),
    schema: {
      body: DelaySurveyRequestSchema,
      response: responses('delaySurvey', { 200: DetailResponseSchema }),
    },
    handler: async (request) => {
      await delaySurvey(ctx, requestMeta(request), requireSession(request).user, request.body);
      return { detail: MESSAGES.delaySaved };
    },
  });

  app.route({
    ...endpoint('residentDischarged'),
    schema: {
      body: ResidentDischargedRequestSchema,
      response: responses('residentDischarged', { 200: DetailResponseSchema }),
    },
    handler: async (request) => {
      await residentDischarged(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.body,
      );
      return { detail: MESSAGES.dischargeUpdated };
    },
  });

  app.route({
    ...endpoint('activeEmployees'),
    schema: {
      params: facilityParams,
      response: responses('activeEmployees', { 200: ActiveEmployeesResponseSchema }),
    },
    handler: async (request) => activeEmployees(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('fetchAnswers'),
    schema: {
      body: FetchAnswersRequestSchema,
      response: responses('fetchAnswers', { 200: FetchAnswersResponseSchema }),
    },
    handler: async (request) => ({
      data: await submittedAnswers(ctx, requireSession(request).user, request.body.survey_id_list),
    }),
  });
};
