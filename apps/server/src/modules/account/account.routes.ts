import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { clearSessionCookies } from '../../lib/session-cookies.js';
import { requireSession } from '../access/access.service.js';
import { accountOf, changePassword, endOtherSessions, endSession } from './account.service.js';
import { setPin, unlock } from './lock.service.js';
import { confirmMfa, disableMfa, setupMfa } from './mfa.service.js';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('account'),
    handler: async (request) => accountOf(ctx, requireSession(request)),
  });

  app.route({
    ...endpoint('accountPassword'),
    handler: async (request) => ({
      detail: await changePassword(
        ctx,
        requestMeta(request),
        requireSession(request),
        request.body,
      ),
    }),
  });

  app.route({
    ...endpoint('accountEndSession'),
    handler: async (request, reply) => {
      const ended = await endSession(
        ctx,
        requestMeta(request),
        requireSession(request),
        request.params.sessionId,
      );
      if (ended.endedCurrent) clearSessionCookies(reply, ctx.config);
      return { detail: ended.detail };
    },
  });

  app.route({
    ...endpoint('accountEndOtherSessions'),
    handler: async (request) => ({
      detail: await endOtherSessions(ctx, requestMeta(request), requireSession(request)),
    }),
  });

  app.route({
    ...endpoint('accountPin'),
    handler: async (request) => ({
      detail: await setPin(ctx, requestMeta(request), requireSession(request), request.body),
    }),
  });

  app.route({
    ...endpoint('unlock'),
    handler: async (request) => ({
      detail: await unlock(ctx, requestMeta(request), requireSession(request), request.body.secret),
    }),
  });

  app.route({
    ...endpoint('accountMfaSetup'),
    handler: async (request) =>
      setupMfa(ctx, requestMeta(request), requireSession(request), request.body),
  });

  app.route({
    ...endpoint('accountMfaEnable'),
    handler: async (request) =>
      confirmMfa(ctx, requestMeta(request), requireSession(request), request.body),
  });

  app.route({
    ...endpoint('accountMfaDisable'),
    handler: async (request) => ({
      detail: await disableMfa(ctx, requestMeta(request), requireSession(request), request.body),
    }),
  });
};
