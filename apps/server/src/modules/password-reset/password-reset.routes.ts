import { MESSAGES } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { afterResponse } from '../../plugins/after-response.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint('resetRequest'),
    handler: async (request) => {
      const outcome = await requestPasswordReset(app.ctx, requestMeta(request), request.body.email);
      afterResponse(request, outcome.afterResponse);
      return { user_id: outcome.requestId };
    },
  });

  app.route({
    ...endpoint('resetConfirm'),
    handler: async (request) => {
      await confirmPasswordReset(app.ctx, requestMeta(request), request.body);
      return { msg: MESSAGES.passwordUpdated };
    },
  });
};
