import { MESSAGES } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint('resetRequest'),
    handler: async (request) => ({
      user_id: await requestPasswordReset(app.ctx, requestMeta(request), request.body.email),
    }),
  });

  app.route({
    ...endpoint('resetConfirm'),
    handler: async (request) => {
      await confirmPasswordReset(app.ctx, requestMeta(request), request.body);
      return { msg: MESSAGES.passwordUpdated };
    },
  });
};
