import {
  RESULTS_EXPORTS_PER_USER,
  RESULTS_MESSAGES,
  XLSX_CONTENT_TYPE,
  type CoreqQuery,
  type ResultsExportQuery,
} from '@carevoice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_RETRY_AFTER_SECONDS } from '../../constants.js';
import type { AppContext } from '../../context.js';
import { attachment } from '../../lib/csv.js';
import { tooManyRequests } from '../../lib/http-error.js';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { auditRead, filterOfRead } from '../audit/audited-read.js';
import { exportCoreq, type CoreqExportKind } from './coreq-export.js';
import { resultsCoreqSurveys } from './coreq-surveys.service.js';
import { resultsCoreq } from './coreq.service.js';
import { exportResults, type ExportFormat } from './results-export.js';
import { surveyFacilityId } from './results.repository.js';
import {
  printSurvey,
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

  // The reads of answers are audited in onSend, cached answers too (modules/audit/audited-read.ts).
  app.route({
    ...endpoint('resultsSurveys'),
    onSend: async (request, reply, payload) => {
      const { facility_id, cursor, ...filters } = request.query;
      await auditRead(request, reply, () => ({
        action: 'results.surveys_listed',
        targetType: 'results',
        ...filterOfRead(facility_id, { ...filters, next_page: cursor !== undefined }),
      }));
      return payload;
    },
    handler: async (request) => resultsSurveys(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsSurvey'),
    onSend: async (request, reply, payload) => {
      const { surveyId } = request.params;
      await auditRead(request, reply, async () => ({
        action: 'results.survey_viewed',
        targetType: 'survey',
        targetId: surveyId,
        facilityId: await surveyFacilityId(ctx.db, surveyId),
      }));
      return payload;
    },
    handler: async (request) =>
      resultsSurvey(ctx, requireSession(request).user, request.params.surveyId),
  });

  app.route({
    ...endpoint('resultsSurveyPrint'),
    handler: async (request) =>
      printSurvey(ctx, requestMeta(request), requireSession(request).user, request.params.surveyId),
  });

  app.route({
    ...endpoint('resultsComments'),
    onSend: async (request, reply, payload) => {
      // Whether a search was made, never its text (it may name a resident).
      const { facility_id, cursor, q, ...filters } = request.query;
      await auditRead(request, reply, () => ({
        action: 'results.comments_listed',
        targetType: 'results',
        ...filterOfRead(facility_id, {
          ...filters,
          search: q !== undefined && q !== '',
          next_page: cursor !== undefined,
        }),
      }));
      return payload;
    },
    handler: async (request) => resultsComments(ctx, requireSession(request).user, request.query),
  });

  const sendExport = exportSender(ctx);

  app.route({
    ...endpoint('resultsExportCsv'),
    handler: async (request, reply) => sendExport(request, reply, request.query, 'csv'),
  });

  app.route({
    ...endpoint('resultsExportXlsx'),
    handler: async (request, reply) => sendExport(request, reply, request.query, 'xlsx'),
  });

  app.route({
    ...endpoint('resultsCoreq'),
    handler: async (request) =>
      resultsCoreq(ctx, requireSession(request).user, request.query, requestMeta(request).at),
  });

  app.route({
    ...endpoint('resultsCoreqSurveys'),
    onSend: async (request, reply, payload) => {
      const { facility_id, cursor, ...filters } = request.query;
      await auditRead(request, reply, () => ({
        action: 'results.coreq_surveys_listed',
        targetType: 'results',
        ...filterOfRead(facility_id, { ...filters, next_page: cursor !== undefined }),
      }));
      return payload;
    },
    handler: async (request) =>
      resultsCoreqSurveys(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('resultsCoreqExportCsv'),
    handler: async (request, reply) => sendExport(request, reply, request.query, 'csv', 'export'),
  });

  app.route({
    ...endpoint('resultsCoreqExportXlsx'),
    handler: async (request, reply) => sendExport(request, reply, request.query, 'xlsx', 'export'),
  });

  app.route({
    ...endpoint('resultsCoreqSummaryCsv'),
    handler: async (request, reply) => sendExport(request, reply, request.query, 'csv', 'summary'),
  });

  app.route({
    ...endpoint('resultsCoreqSummaryXlsx'),
    handler: async (request, reply) => sendExport(request, reply, request.query, 'xlsx', 'summary'),
  });
};

/**
 * Sends a results or CoreQ export as a download, holding the user to RESULTS_EXPORTS_PER_USER
 * exports running at once on this instance (ADR 043).
 */
function exportSender(ctx: AppContext) {
  /** Exports running per user on this instance. */
  const running = new Map<string, number>();

  return async function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    query: ResultsExportQuery | CoreqQuery,
    format: ExportFormat,
    coreq?: CoreqExportKind,
  ) {
    const { user } = requireSession(request);
    // A HEAD request downloads nothing: it is checked like a GET, but no file is made.
    const head = request.method === 'HEAD';
    const count = running.get(user.id) ?? 0;
    if (!head && count >= RESULTS_EXPORTS_PER_USER) {
      throw tooManyRequests(RESULTS_MESSAGES.tooManyExports, EXPORT_RETRY_AFTER_SECONDS);
    }
    let released = head;
    const release = () => {
      if (released) return;
      released = true;
      const left = (running.get(user.id) ?? 1) - 1;
      if (left > 0) running.set(user.id, left);
      else running.delete(user.id);
    };
    if (!head) running.set(user.id, count + 1);
    try {
      const { filename, stream } =
        coreq === undefined
          ? await exportResults(
              ctx,
              requestMeta(request),
              user,
              query as ResultsExportQuery,
              format,
              {
                download: !head,
              },
            )
          : await exportCoreq(ctx, requestMeta(request), user, query, coreq, format, {
              download: !head,
            });
      // The slot is free once the file is sent, or the client has gone away.
      stream.once('close', release);
      reply.raw.once('close', release);
      reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(filename));
      return reply.send(head ? undefined : (stream as never));
    } catch (error) {
      release();
      throw error;
    }
  };
}
