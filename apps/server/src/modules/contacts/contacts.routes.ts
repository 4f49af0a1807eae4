import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { createContact, listContacts, updateContact } from './contacts.service.js';

/** A resident's contacts (DESIGN §9, ADR 059). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('adminContacts'),
    handler: async (request) => listContacts(ctx, request.params.facilityId, request.query),
  });

  app.route({
    ...endpoint('adminContactCreate'),
    handler: async (request, reply) => {
      const id = await createContact(
        ctx,
        requestMeta(request),
        request.params.facilityId,
        request.body,
      );
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpoint('adminContactUpdate'),
    handler: async (request) =>
      updateContact(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.contactId,
        request.body,
      ),
  });
};
