import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import {
  deactivateUser,
  inviteUser,
  listAdminUsers,
  reactivateUser,
  resendInvitation,
  resetUserMfa,
  revokeInvitation,
  updateUser,
} from './admin-users.service.js';
import { acceptInvitation } from './invitations.service.js';

/** The administration of users and the public acceptance of an invitation (DESIGN §8). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminUsers'),
    handler: async (request) => listAdminUsers(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('adminCreateUser'),
    handler: async (request, reply) => {
      const created = await inviteUser(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.body,
      );
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...endpoint('adminUpdateUser'),
    handler: async (request) =>
      updateUser(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.userId,
        request.body,
      ),
  });

  const actions = [
    ['adminDeactivateUser', deactivateUser],
    ['adminReactivateUser', reactivateUser],
    ['adminResendInvitation', resendInvitation],
    ['adminRevokeInvitation', revokeInvitation],
    ['adminResetUserMfa', resetUserMfa],
  ] as const;
  for (const [name, action] of actions) {
    app.route({
      ...endpoint(name),
      handler: async (request) => ({
        detail: await action(
          ctx,
          requestMeta(request),
          requireSession(request).user,
          request.params.userId,
        ),
      }),
    });
  }

  app.route({
    ...endpoint('acceptInvitation'),
    handler: async (request) => ({
      detail: await acceptInvitation(ctx, requestMeta(request), request.body),
    }),
  });
};
