import { IDEMPOTENCY_KEY_HEADER } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.js';
import { IDEMPOTENT_REPLAY_HEADER } from '../surveys/surveys.routes.js';
import { publicSurvey, submitPublicAnswers, unsubscribe } from './public-survey.service.js';

/** The public calls of a survey link (DESIGN §9, ADR 059): no session, throttled, no-store. */
export const publicSurveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('publicSurvey'),
    handler: async (request) =>
      publicSurvey(ctx, requestMeta(request), request.params.token, request.query),
  });

  app.route({
    ...endpoint('publicSurveyAnswers'),
    handler: async (request, reply) => {
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const { body, replayed } = await submitPublicAnswers(
        ctx,
        requestMeta(request),
        request.params.token,
        key,
        request.body,
      );
      if (replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return body;
    },
  });

  app.route({
    ...endpoint('publicSurveyUnsubscribe'),
    handler: async (request) => unsubscribe(ctx, requestMeta(request), request.params.token),
  });
};
