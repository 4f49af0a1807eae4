import { XLSX_CONTENT_TYPE } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../lib/csv.js';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { exportResults } from './results-export.js';
import {
  resultsComments,
  resultsQuestions,
  resultsSummary,
  resultsSurvey,
  resultsSurveys,
  resultsSurveySets,
} from './results.service.js';

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('resultsSummary'),
    handler: async (request) => resultsSummary(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsQuestions'),
    handler: async (request) => resultsQuestions(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsSurveySets'),
    handler: async (request) => resultsSurveySets(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsSurveys'),
    handler: async (request) => resultsSurveys(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsSurvey'),
    handler: async (request) =>
      resultsSurvey(ctx, requireSession(request).user, request.params.surveyId),
  });

  app.route({
    ...endpoint('resultsComments'),
    handler: async (request) => resultsComments(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsExportCsv'),
    handler: async (request, reply) => {
      const { filename, stream } = await exportResults(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.query,
        'csv',
        { record: request.method !== 'HEAD' },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename))
        .send(stream as never);
    },
  });

  app.route({
    ...endpoint('resultsExportXlsx'),
    handler: async (request, reply) => {
      const { filename, stream } = await exportResults(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.query,
        'xlsx',
        { record: request.method !== 'HEAD' },
      );
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(filename))
        .send(stream as never);
    },
  });
};
