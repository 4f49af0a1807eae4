import { BEDSIDE_TEXT, IDEMPOTENCY_KEY_HEADER, INTERVIEW_TEXT, MESSAGES } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.js';
import { breakOffSurvey, submitAnswers, submittedAnswers } from './submission.service.js';
import {
  activeEmployees,
  consentRefused,
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

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('surveyList'),
    handler: async (request) => dueList(ctx, request.params.facilityId, request.params.surveyType),
  });

  app.route({
    ...endpoint('surveyListDated'),
    handler: async (request) =>
      datedDueList(ctx, {
        facilityId: request.params.facilityId,
        surveyType: request.params.surveyType,
        start: request.params.startDate,
        end: request.params.endDate,
      }),
  });

  app.route({
    ...endpoint('unlistedResidents'),
    handler: async (request) => ({
      data: await unlistedResidents(ctx, request.params.facilityId, request.params.searchText),
    }),
  });

  app.route({
    ...endpoint('createSurvey'),
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
    handler: async (request) =>
      surveyQuestions(ctx, request.params.facilityId, request.params.surveyType),
  });

  app.route({
    ...endpoint('submitAnswers'),
    handler: async (request, reply) => {
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
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
    handler: async (request) => {
      await delaySurvey(ctx, requestMeta(request), requireSession(request).user, request.body);
      return { detail: MESSAGES.delaySaved };
    },
  });

  app.route({
    ...endpoint('consentRefused'),
    handler: async (request) => {
      await consentRefused(ctx, requestMeta(request), requireSession(request).user, request.body);
      return { detail: BEDSIDE_TEXT.consentRefusedSaved };
    },
  });

  app.route({
    ...endpoint('surveyBreakOff'),
    handler: async (request) => {
      await breakOffSurvey(ctx, requestMeta(request), requireSession(request).user, request.body);
      return { detail: INTERVIEW_TEXT.breakOff.saved };
    },
  });

  app.route({
    ...endpoint('residentDischarged'),
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
    handler: async (request) => activeEmployees(ctx, request.params.facilityId),
  });

  app.route({
    ...endpoint('fetchAnswers'),
    handler: async (request) => ({
      data: await submittedAnswers(ctx, requireSession(request).user, request.body.survey_id_list),
    }),
  });
};
