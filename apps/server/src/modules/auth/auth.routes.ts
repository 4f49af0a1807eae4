import {
  DetailResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MESSAGES,
  MeResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
} from '@carevoice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta, responses } from '../../lib/http.js';
import { clearSessionCookies, setSessionCookies } from '../../plugins/auth.js';
import { requireSession } from '../access/access.service.js';
import { login, logout, profileOf, refreshAccessToken } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('login'),
    schema: {
      body: LoginRequestSchema,
      response: responses('login', { 200: LoginResponseSchema }),
    },
    handler: async (request, reply) => {
      const result = await login(ctx, requestMeta(request), request.body);
      setSessionCookies(reply, ctx.config, result.sessionToken, result.profile);
      return { ...result.profile, jwt_access: result.jwtAccess, jwt_refresh: result.jwtRefresh };
    },
  });

  app.route({
    ...endpoint('logout'),
    schema: { response: responses('logout', { 200: DetailResponseSchema }) },
    handler: async (request, reply) => {
      await logout(ctx, requestMeta(request), requireSession(request));
      clearSessionCookies(reply, ctx.config);
      return { detail: MESSAGES.loggedOut };
    },
  });

  app.route({
    ...endpoint('refresh'),
    schema: {
      body: RefreshRequestSchema,
      response: responses('refresh', { 200: RefreshResponseSchema }),
    },
    handler: async (request) => ({ access: await refreshAccessToken(ctx, request.body.refresh) }),
  });

  app.route({
    ...endpoint('me'),
    schema: { response: responses('me', { 200: MeResponseSchema }) },
    handler: async (request) => profileOf(requireSession(request).user),
  });
};
