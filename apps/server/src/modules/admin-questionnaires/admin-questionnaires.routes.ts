import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import {
  adoptQuestionnaireInstrument,
  discardDraft,
  listInstruments,
  listQuestionnaires,
  publishQuestionnaire,
  questionnaireDetail,
  questionnaireVersion,
  saveDraft,
} from './admin-questionnaires.service.js';

export const adminQuestionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminQuestionnaires'),
    handler: async (request) =>
      listQuestionnaires(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('adminQuestionnaire'),
    handler: async (request) =>
      questionnaireDetail(ctx, requireSession(request).user, request.params.questionnaireId),
  });

  app.route({
    ...endpoint('adminQuestionnaireVersion'),
    handler: async (request) =>
      questionnaireVersion(
        ctx,
        requireSession(request).user,
        request.params.questionnaireId,
        request.params.version,
      ),
  });

  app.route({
    ...endpoint('adminSaveQuestionnaireDraft'),
    handler: async (request) =>
      saveDraft(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.questionnaireId,
        request.body,
      ),
  });

  app.route({
    ...endpoint('adminDiscardQuestionnaireDraft'),
    handler: async (request) =>
      discardDraft(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.questionnaireId,
        request.body,
      ),
  });

  app.route({
    ...endpoint('adminPublishQuestionnaire'),
    handler: async (request) => ({
      version: await publishQuestionnaire(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.questionnaireId,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpoint('adminInstruments'),
    handler: async () => listInstruments(),
  });

  app.route({
    ...endpoint('adminAdoptInstrument'),
    handler: async (request) =>
      adoptQuestionnaireInstrument(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.questionnaireId,
        request.body,
      ),
  });
};
