/**
 * Response bodies are written by Fastify's compiled serializer (fast-json-stringify) from JSON
 * Schemas made once, at route registration, from the shared zod response schemas (DESIGN §3:
 * every body is still declared by its zod schema in packages/shared).
 *
 * Why not fastify-type-provider-zod's serializer: it runs zod's full encode on every response —
 * every id's regex, every date's refinement — and then JSON.stringify, which took a fifth of the
 * CPU time of a due list of 300 surveys (docs/performance.md). The compiled serializer writes
 * only the declared properties, so, as with zod, a field that is not in the schema (a stray
 * column, a password hash) never reaches the client. What it does not do is check values
 * (patterns, refinements): those are our own data, and the endpoint tests parse every response
 * with the zod schema.
 */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Validation keywords the serializer has no use for (and that only slow down `anyOf`). */
const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'format',
  'propertyNames',
  'enum',
  'const',
]);

/** Keywords whose value maps names (of properties, of definitions) to schemas. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions']);

/** Drops validation keywords and turns `anyOf [T, null]` of a primitive T into `type [T, null]`. */
function forSerialization(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialization);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    result[key] = SCHEMA_MAPS.has(key)
      ? mapValues(value, forSerialization)
      : forSerialization(value);
  }
  const anyOf = result.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    const primitive =
      other &&
      typeof other.type === 'string' &&
      ['string', 'number', 'integer', 'boolean'].includes(other.type);
    if (
      primitive &&
      anyOf.some((branch) => branch.type === 'null') &&
      Object.keys(other).length === 1
    ) {
      delete result.anyOf;
      result.type = [other.type, 'null'];
    }
  }
  return result;
}

function mapValues(value: unknown, map: (item: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item)]));
}

/** The JSON Schema the serializer compiles for a zod response schema. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return forSerialization(
    z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }),
  ) as JsonSchema;
}

/**
 * `onRoute` hook: replaces each zod response schema of the route by its JSON Schema, so
 * Fastify's default (compiled) serializer writes the body. Request validation stays with zod.
 */
export function compileResponseSchemas(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response || !route.schema) return;
  route.schema.response = Object.fromEntries(
    Object.entries(response).map(([status, schema]) => [
      status,
      schema instanceof z.ZodType ? responseJsonSchema(schema) : schema,
    ]),
  );
}
