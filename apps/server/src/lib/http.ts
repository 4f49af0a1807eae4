/** Helpers every route module uses to declare an endpoint of the shared contract. */
import {
  API_BASE,
  CSV_IMPORT_MAX_BYTES,
  ENDPOINTS,
  ErrorResponseSchema,
  ImportErrorResponseSchema,
  MsgResponseSchema,
  QuestionnaireErrorResponseSchema,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
} from '@carevoice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE } from '../constants.js';
import { badRequest } from './http-error.js';
import { deviceIdOf } from './session-cookies.js';
import { redactedUrl } from './logger.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ENDPOINTS entry this route implements; the guard applies its access rule. */
    endpoint?: EndpointName;
  }
}

/** Where the API's OpenAPI description is served (plugins/api-docs.ts): a page, not a call. */
export const API_DOCS_PATH = '/api/docs';

/** Whether a URL is an API call (under /api, but not the API's documentation pages). */
export function isApiPath(url: string): boolean {
  if (API_DOCS_URL.test(url)) return false;
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** `/api/docs`, anything under it, and the router's wildcard route of it (`/api/docs*`). */
const API_DOCS_URL = new RegExp(`^${API_DOCS_PATH}(?:[/?*]|$)`);

export function endpointDef(name: EndpointName): EndpointDef {
  return ENDPOINTS[name];
}

/** A route option that may hold one hook or several, as a list (to add a hook in onRoute). */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * The error body of an endpoint: `{detail}`, or `{msg}` on the password-reset calls; a CSV
 * import's 400 may also carry its report (the problems by row and column, DESIGN §8).
 */
export function errorBodySchema(def: EndpointDef) {
  if (def.errorBody === 'msg') return MsgResponseSchema;
  // A refused publish lists the questionnaire's problems too (ADR 017).
  if (def.errorBody === 'questionnaire') return QuestionnaireErrorResponseSchema;
  return def.bodyType === 'csv' ? ImportErrorResponseSchema : ErrorResponseSchema;
}

/** The request schemas an endpoint declares, as Fastify's route schema takes them. */
type RequestSchemas<N extends EndpointName> = {
  [K in 'params' | 'body' as K extends keyof Endpoints[N] ? K : never]: K extends keyof Endpoints[N]
    ? Endpoints[N][K]
    : never;
} & (Endpoints[N] extends { query: infer Q } ? { querystring: Q } : unknown);

type RouteSchema<N extends EndpointName> = RequestSchemas<N> & {
  response: { 200: Endpoints[N]['response']; 201: Endpoints[N]['response'] } & Record<
    ErrorStatus,
    | typeof ErrorResponseSchema
    | typeof ImportErrorResponseSchema
    | typeof QuestionnaireErrorResponseSchema
    | typeof MsgResponseSchema
  >;
};

/** The success status of an endpoint: 201 for a create, otherwise 200. */
export function successStatus(def: EndpointDef): 200 | 201 {
  return def.status ?? 200;
}

/**
 * Method, URL, access rule and schemas of an endpoint, all from its ENDPOINTS entry, to spread
 * into `app.route({...})`:
 *   app.route({ ...endpoint('me'), handler })
 * The URL is the shared path under API_BASE (the trailing slash is optional); the response
 * schemas are the entry's success answer (200 or 201; none for a CSV download, sent as text) and
 * its error body for every error status. A CSV import takes a larger body than JSON calls.
 */
export function endpoint<N extends EndpointName>(name: N) {
  const def = endpointDef(name);
  const errorBody = errorBodySchema(def);
  const schema = {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.body ? { body: def.body } : {}),
    response: {
      ...Object.fromEntries(ERROR_STATUSES.map((status) => [status, errorBody])),
      ...(def.responseType ? {} : { [successStatus(def)]: def.response }),
    },
  } as RouteSchema<N>;
  return {
    method: def.method,
    url: `${API_BASE}/${def.path}/`,
    config: { endpoint: name },
    schema,
    ...(def.query ? { preValidation: refuseUndecodableQuery } : {}),
    ...(def.bodyType === 'csv' ? { bodyLimit: CSV_IMPORT_MAX_BYTES } : {}),
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
  };
}

/**
 * 400 for a query string that is not valid percent-encoding (`?q=%`): the router's parser would
 * take it as literal text, so a malformed link would be answered as if it meant something.
 */
function refuseUndecodableQuery(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const start = request.url.indexOf('?');
  if (start >= 0) {
    try {
      decodeURIComponent(request.url.slice(start + 1).replaceAll('+', ' '));
    } catch {
      done(badRequest());
      return;
    }
  }
  done();
}

/** Who is asking and from where: what services need of a request (never the request itself). */
export interface RequestMeta {
  at: Date;
  ip: string;
  userAgent: string | null;
  /** The signed-in user, when there is one. */
  userId: string | null;
  /** The `known_devices` id of the request's `cv_device` cookie, if it carries one (ADR 048). */
  deviceId?: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    at: request.server.ctx.now(),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    userId: request.auth?.user.id ?? null,
    deviceId: deviceIdOf(request.cookies[DEVICE_COOKIE]),
  };
}

declare const jsonTextBrand: unique symbol;

/** JSON text written ahead of the reply (by the database, db/json-rows.ts), sent as it is. */
export type JsonText = string & { readonly [jsonTextBrand]: true };

/**
 * Sends JSON text the database wrote (db/json-rows.ts) as the body, as it is: Fastify sends a
 * string with a JSON content type without serializing it. The hooks, headers and access log are
 * those of any reply.
 */
export function sendJsonText(reply: FastifyReply, body: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * A survey link's token in a path: the page's `/s/<token>…` and the public API's
 * `/api/v1/public/s/<token>…` (ADR 059), also when no route matched (a 404 of a mistyped path).
 */
const SURVEY_TOKEN_PATH = new RegExp(`^((?:${API_BASE}/public)?/s/)[^/?#]+`);

/**
 * The request as the access line writes it: personal values (ENDPOINTS `personal`) redacted,
 * and a survey link's token wherever it is in the path.
 */
export function requestForLog(request: FastifyRequest): FastifyRequest {
  const name = request.routeOptions.config.endpoint;
  const personal = name === undefined ? undefined : endpointDef(name).personal;
  if (personal && request.routeOptions.url !== undefined) {
    return Object.create(request, {
      url: { value: redactedUrl(request.url, request.routeOptions.url, personal) },
    }) as FastifyRequest;
  }
  if (SURVEY_TOKEN_PATH.test(request.url)) {
    return Object.create(request, {
      url: { value: request.url.replace(SURVEY_TOKEN_PATH, '$1[redacted]') },
    }) as FastifyRequest;
  }
  return request;
}
