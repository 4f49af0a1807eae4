/**
 * Request bodies and error responses: JSON (CSV text on the import calls; anything else 415), 64 KB at most (5 MB for CSV, 413),
 * malformed JSON 400, zod validation 400 with field messages, HttpError with its status and
 * message, a locked or unreachable database 503 with `Retry-After`, and everything else a logged
 * 500 without details. Bodies are `{detail}` (`{msg}` on the password-reset endpoints, DESIGN §3).
 */
import { MESSAGES } from '@carevoice/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../constants.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { endpointDef } from '../lib/http.js';
import { HttpError } from '../lib/http-error.js';
import { clearSessionCookies } from '../lib/session-cookies.js';
import { decodeUpload } from '../lib/text-encoding.js';

const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
};

function usesMsg(request: FastifyRequest): boolean {
  const name = request.routeOptions.config.endpoint;
  return name !== undefined && endpointDef(name).errorBody === 'msg';
}

function importsCsv(request: FastifyRequest): boolean {
  const name = request.routeOptions.config.endpoint;
  return name !== undefined && endpointDef(name).bodyType === 'csv';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: Record<string, string>,
  more?: Record<string, unknown>,
): FastifyReply {
  const body = usesMsg(request)
    ? { msg: message }
    : { detail: message, ...(errors ? { errors } : {}), ...more };
  return reply.code(status).send(body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** How an uploaded CSV file that is not UTF-8 was read ("Windows-1252"); null for UTF-8. */
    uploadEncoding: string | null;
  }
}

export default fp(
  async function errorsPlugin(app) {
    // Fastify parses JSON and text/plain by default; the API speaks JSON, and CSV on the import
    // calls (whose schemas refuse anything else with 400).
    app.removeContentTypeParser('text/plain');
    // A CSV upload's text, UTF-8 or recognised (lib/text-encoding.ts); how it was read goes
    // with the request for the import's report.
    app.decorateRequest('uploadEncoding', null);
    app.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (request, body, done) => {
      try {
        const decoded = decodeUpload(body as Buffer);
        request.uploadEncoding = decoded.encoding;
        done(null, decoded.text);
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.slice(1).replaceAll('/', '.');
          errors[path || (error.validationContext ?? 'body')] ??= issue.message ?? '';
        }
        // A `{msg}` body holds one message: the first problem, worded by the shared schema.
        const message = usesMsg(request) ? error.validation[0]?.message : MESSAGES.badRequest;
        return sendError(request, reply, 400, message ?? MESSAGES.badRequest, errors);
      }
      if (error instanceof HttpError) {
        reply.headers(error.options.headers ?? {});
        if (error.options.endSession) clearSessionCookies(reply, app.ctx.config);
        return sendError(
          request,
          reply,
          error.statusCode,
          error.message,
          error.options.errors,
          error.options.body,
        );
      }
      const known = FASTIFY_ERRORS[error.code];
      if (known && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && importsCsv(request)) {
        return sendError(request, reply, 413, MESSAGES.csvTooLarge);
      }
      if (known) return sendError(request, reply, known[0], known[1]);
      if (isDatabaseUnavailable(error)) {
        // Locked or out of reach, not broken: the client keeps its work and tries again (ADR 007).
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(request, reply, 503, MESSAGES.databaseUnavailable);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendError(
          request,
          reply,
          status,
          status === 404 ? MESSAGES.notFound : MESSAGES.badRequest,
        );
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, MESSAGES.somethingWentWrong);
    });
  },
  { name: 'errors' },
);
