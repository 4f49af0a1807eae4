/** Helpers every route module uses to declare an endpoint of the shared contract. */
import {
  API_BASE,
  ENDPOINTS,
  ErrorResponseSchema,
  MsgResponseSchema,
  type EndpointDef,
  type EndpointName,
} from '@carevoice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestMeta } from '../context.js';
import type { JsonText } from '../db/json-rows.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ENDPOINTS entry this route implements; the guard applies its access rule. */
    endpoint?: EndpointName;
  }
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function endpointDef(name: EndpointName): EndpointDef {
  return ENDPOINTS[name];
}

/** A route option that may hold one hook or several, as a list (to add a hook in onRoute). */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Method, URL and access rule of an endpoint, to spread into `app.route({...})`:
 *   app.route({ ...endpoint('me'), schema: {...}, handler })
 * The URL is the shared path under API_BASE; the trailing slash is optional.
 */
export function endpoint(name: EndpointName) {
  const def = endpointDef(name);
  return { method: def.method, url: `${API_BASE}/${def.path}/`, config: { endpoint: name } };
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];
type ErrorBodySchema = typeof ErrorResponseSchema | typeof MsgResponseSchema;

/** The success schemas of an endpoint plus its error body (`{detail}` or `{msg}`) per status. */
export function responses<T extends Record<number, z.ZodType>>(
  name: EndpointName,
  success: T,
): T & Record<ErrorStatus, ErrorBodySchema> {
  const errorBody = endpointDef(name).errorBody === 'msg' ? MsgResponseSchema : ErrorResponseSchema;
  const errors = Object.fromEntries(ERROR_STATUSES.map((status) => [status, errorBody])) as Record<
    ErrorStatus,
    ErrorBodySchema
  >;
  return { ...errors, ...success };
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    at: request.server.ctx.now(),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    userId: request.auth?.user.id ?? null,
  };
}

/**
 * Sends JSON text the database wrote (db/json-rows.ts) as the body, as it is: Fastify sends a
 * string with a JSON content type without serializing it. The hooks, headers and access log are
 * those of any reply.
 */
export function sendJsonText(reply: FastifyReply, body: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
