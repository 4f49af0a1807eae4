/**
 * The OpenAPI 3 description of the API, made from the endpoint table (packages/shared
 * ENDPOINTS): per endpoint its path and method, path and query parameters, JSON or CSV body and
 * answers, each from the entry's zod schema (`z.toJSONSchema`, OpenAPI 3.0 dialect). Nothing is
 * written by hand, so the description cannot drift from what the server validates.
 */
import {
  API_BASE,
  ENDPOINTS,
  ErrorResponseSchema,
  MsgResponseSchema,
  XLSX_CONTENT_TYPE,
  type EndpointDef,
  type EndpointName,
} from '@carevoice/shared';
import { z } from 'zod';
import { SESSION_COOKIE } from '../constants.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  /** Every call needs a session (cookie or bearer) unless its own `security` is empty. */
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { securitySchemes: Record<string, JsonSchema> };
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Every `integer` states its `format`: `int32` when the schema's own bounds fit in 32 bits, else
 * `int64` (zod's `.int()` alone means any safe integer).
 */
function withIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withIntegerFormats);
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.type === 'integer' && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const fits =
      minimum !== undefined &&
      maximum !== undefined &&
      minimum >= INT32.min &&
      maximum <= INT32.max;
    schema.format = fits ? 'int32' : 'int64';
  }
  Object.values(schema).forEach(withIntegerFormats);
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  withIntegerFormats(rest);
  return rest;
}

/**
 * A query parameter that may be given once or repeated (`facility_id`: a value or a list of them)
 * is, in OpenAPI's terms, an array sent as repeated `name=value` pairs (style form, explode).
 */
function queryParameterSchema(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  const list = branches?.find((branch) => branch.type === 'array');
  const one = branches?.find((branch) => branch !== list);
  return branches?.length === 2 && list && JSON.stringify(list.items) === JSON.stringify(one)
    ? list
    : schema;
}

/** `users/facility/permission/:sfUserId` → `/api/v1/users/facility/permission/{sfUserId}/`. */
export function openApiPath(path: string): string {
  return `${API_BASE}/${path.replace(/:([A-Za-z]+)/g, '{$1}')}/`;
}

function parameters(def: EndpointDef): JsonSchema[] {
  const of = (schema: z.ZodObject | undefined, where: 'path' | 'query') =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => ({
      name,
      in: where,
      required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
      schema:
        where === 'query'
          ? queryParameterSchema(jsonSchema(field as z.ZodType, 'input'))
          : jsonSchema(field as z.ZodType, 'input'),
    }));
  return [...of(def.params, 'path'), ...of(def.query, 'query')];
}

function operation(name: EndpointName, def: EndpointDef): JsonSchema {
  const errorBody = def.errorBody === 'msg' ? MsgResponseSchema : ErrorResponseSchema;
  const success =
    def.responseType === 'csv'
      ? 'text/csv'
      : def.responseType === 'xlsx'
        ? XLSX_CONTENT_TYPE
        : 'application/json';
  const access = def.access;
  return {
    operationId: name,
    summary: `${def.method} ${def.path}`,
    description:
      access.kind === 'public'
        ? 'No session needed.'
        : access.kind === 'session'
          ? 'Any live session.'
          : `A live session with ${access.permission}${access.kind === 'facility' ? ' in the facility of the call' : ''}.`,
    ...(access.kind === 'public' ? { security: [] } : {}),
    parameters: parameters(def),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: {
              [def.bodyType === 'csv' ? 'text/csv' : 'application/json']: {
                schema: jsonSchema(def.body, 'input'),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(def.status ?? 200)]: {
        description: 'Success',
        content: { [success]: { schema: jsonSchema(def.response, 'output') } },
      },
      default: {
        description: 'An error: 400, 401, 403, 404, 409, 413, 415, 422, 429, 500 or 503',
        content: { 'application/json': { schema: jsonSchema(errorBody, 'output') } },
      },
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document (made once per process: the table does not change while it runs). */
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, def] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][]) {
    const path = openApiPath(def.path);
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operation(name, def) };
  }
  built = {
    openapi: '3.0.3',
    info: {
      title: 'CareVoice API',
      version: '1',
      description:
        'The staff portal’s API (DESIGN §3, §8). Browsers use the httpOnly session cookie set by ' +
        'sign-in; API clients send `Authorization: Bearer <jwt_access>`.',
    },
    security: [{ session: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The httpOnly session cookie set by sign-in (ADR 002).',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            '`jwt_access` from sign-in: an HS256 JWT bound to the session, 15 minutes (ADR 021). ' +
            'Checked as RFC8725 advises: one algorithm accepted (HS256, never `none`), the ' +
            'issuer, the token type (access, refresh and second-factor tokens are not ' +
            'interchangeable) and the expiry are verified.',
        },
      },
    },
  };
  return built;
}
