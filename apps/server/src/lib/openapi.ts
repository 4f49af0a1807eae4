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

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components: { securitySchemes: Record<string, JsonSchema> };
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
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
      schema: jsonSchema(field as z.ZodType, 'input'),
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
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'cv_session' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
  return built;
}
