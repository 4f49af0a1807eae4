import {
  MESSAGES,
  MsgResponseSchema,
  ResetConfirmSchema,
  ResetRequestResponseSchema,
  ResetRequestSchema,
} from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta, responses } from '../../lib/http.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint('resetRequest'),
    schema: {
      body: ResetRequestSchema,
      response: responses('resetRequest', { 200: ResetRequestResponseSchema }),
    },
    handler: async (request) => ({
      user_id: await requestPasswordReset(app.ctx, requestMeta(request), request.body.email),
    }),
  });

  app.route({
    ...endpoint('resetConfirm'),
    schema: {
      body: ResetConfirmSchema,
      response: responses('resetConfirm', { 200: MsgResponseSchema }),
    },
    handler: async (request) => {
      await confirmPasswordReset(app.ctx, requestMeta(request), request.body);
      return { msg: MESSAGES.passwordUpdated };
    },
  });
};
