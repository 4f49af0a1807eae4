/**
 * For tests (buildApp's `checkResponses`, on in every server test): each answer of an API route
 * must parse with the schema its ENDPOINTS entry declares for its status — the 200 answer with
 * `response`, an error with the endpoint's error body. That includes answers sent as JSON text
 * written by the database (db/json-rows.ts), which no serializer sees. An answer that does not
 * parse becomes a 500 naming the difference, so the test that made the request fails.
 *
 * Not on in production: the schemas are our own declaration of our own data, and checking every
 * answer would cost what the compiled serializer saves (lib/response-schemas.ts).
 */
import { XLSX_CONTENT_TYPE } from '@carevoice/shared';
import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { endpointDef, errorBodySchema, hookList, successStatus } from '../lib/http.js';

export default fp(
  async function responseCheckPlugin(app) {
    app.addHook('onRoute', (route) => {
      const name = route.config?.endpoint;
      if (!name) return;
      const def = endpointDef(name);
      const check: onSendHookHandler = (_request, reply, payload, done) => {
        const status = reply.statusCode;
        // Compressed answers come from the response cache, which kept them after this check.
        const text =
          typeof payload === 'string' || Buffer.isBuffer(payload) ? String(payload) : undefined;
        if (text === undefined || text === '' || reply.hasHeader('content-encoding')) {
          return done(null, payload);
        }
        const success = status === successStatus(def);
        if (!success && status < 400) return done(null, payload);
        if (success && def.responseType) {
          const expected = def.responseType === 'csv' ? 'text/csv' : XLSX_CONTENT_TYPE;
          const type = String(reply.getHeader('content-type') ?? '');
          if (type.startsWith(expected)) return done(null, payload);
          return done(new Error(`${name}: the ${status} answer is not ${expected}`));
        }
        const schema = success ? def.response : errorBodySchema(def);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return done(new Error(`${name}: the ${status} answer is not JSON`));
        }
        const result = schema.safeParse(parsed);
        if (result.success) return done(null, payload);
        const message =
          `${name}: the ${status} answer does not match its declared schema:\n` +
          z.prettifyError(result.error);
        // The 500 never carries details; the test's output shows them.
        console.error(message);
        done(new Error(message));
      };
      route.onSend = [...hookList(route.onSend), check];
    });
  },
  { name: 'response-check' },
);
