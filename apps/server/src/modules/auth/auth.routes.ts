import { MESSAGES } from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import {
  clearSessionCookies,
  setDeviceCookie,
  setSessionCookies,
} from '../../lib/session-cookies.js';
import { requireSession } from '../access/access.service.js';
import type { FastifyReply } from 'fastify';
import { meOf } from '../account/lock.service.js';
import { loginWithSecondFactor } from '../account/mfa.service.js';
import { login, logout, refreshTokens, type LoginResult } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const signedIn = (reply: FastifyReply, result: LoginResult) => {
    setSessionCookies(reply, ctx.config, result.sessionToken, result.profile);
    if (result.deviceToken) setDeviceCookie(reply, ctx.config, result.deviceToken);
    return { ...result.profile, jwt_access: result.jwtAccess, jwt_refresh: result.jwtRefresh };
  };

  app.route({
    ...endpoint('login'),
    handler: async (request, reply) => {
      const result = await login(ctx, requestMeta(request), request.body);
      if ('mfaToken' in result) return { mfa_required: true as const, mfa_token: result.mfaToken };
      return signedIn(reply, result);
    },
  });

  app.route({
    ...endpoint('loginMfa'),
    handler: async (request, reply) =>
      signedIn(reply, await loginWithSecondFactor(ctx, requestMeta(request), request.body)),
  });

  app.route({
    ...endpoint('logout'),
    handler: async (request, reply) => {
      await logout(ctx, requestMeta(request), requireSession(request));
      clearSessionCookies(reply, ctx.config);
      return { detail: MESSAGES.loggedOut };
    },
  });

  app.route({
    ...endpoint('refresh'),
    handler: async (request) => refreshTokens(ctx, requestMeta(request), request.body.refresh),
  });

  app.route({
    ...endpoint('me'),
    handler: async (request) => meOf(ctx, requireSession(request)),
  });
};
