/**
 * Long lists answered with JSON the database writes (ADR 009). Handing hundreds of rows to
 * JavaScript one object at a time and serializing them again cost more than the query itself
 * (docs/performance.md); here the query aggregates its rows into ONE JSON array text, which the
 * route sends as the body unchanged (`sendJsonText` in lib/http.ts).
 *
 *   const rows = db.selectFrom('residents').select([...]).where(...).orderBy(...);
 *   db.selectFrom(rows.as('r'))
 *     .select(jsonArray(dialect, 'r', { id: 'id', name: 'name' }, ['last_name', 'id']).as('list'))
 *
 * Every property is named here, so, as with the compiled serializer, nothing undeclared reaches
 * the client. Values must already have their wire types: our columns are text (ids, names,
 * `yyyy-MM-dd` dates) and become JSON strings, SQL NULL becomes `null`. Integers and the 0/1
 * flags would become numbers, so lists with those stay with the serializer. Both databases escape
 * quotes, backslashes and control characters; the JSON parses to the same values as
 * JSON.stringify's (db/json-rows.test.ts). PostgreSQL puts a space around its separators.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './connect.js';

declare const jsonTextBrand: unique symbol;

/** JSON text written by the database, sent as a response body as it is. */
export type JsonText = string & { readonly [jsonTextBrand]: true };

/**
 * `[{"key": value, …}, …]` of the rows of the FROM-clause subquery `from`, one item per row, in
 * the order of the columns `orderBy`; `[]` when there are none. `fields` maps each property to a
 * column of the subquery.
 *
 * The subquery must itself be ordered by `orderBy`:
 * - SQLite aggregates the rows in the order the subquery gives them. It keeps a FROM-clause
 *   subquery's ORDER BY when the outer query is an aggregate other than count, min or max, and
 *   does not flatten such a subquery into it (select.c, "omit ORDER BY" and flattening rule 16),
 *   because group_concat() and the JSON aggregates depend on it. Sorting again inside the
 *   aggregate (`json_group_array(… ORDER BY …)`) would be a second sort: 2.3× the whole query's
 *   time for 2,500 residents.
 * - PostgreSQL only promises an order inside the aggregate, so it sorts there too.
 * json-rows.test.ts checks the order on both.
 */
export function jsonArray(
  dialect: Dialect,
  from: string,
  fields: Readonly<Record<string, string>>,
  orderBy: readonly string[],
): RawBuilder<JsonText> {
  const pairs = sql.join(
    Object.entries(fields).map(
      ([key, column]) => sql`${sql.lit(key)}, ${sql.ref(`${from}.${column}`)}`,
    ),
  );
  if (dialect === 'postgres') {
    const order = sql.join(orderBy.map((column) => sql.ref(`${from}.${column}`)));
    return sql<JsonText>`coalesce(json_agg(json_build_object(${pairs}) order by ${order}), '[]')::text`;
  }
  return sql<JsonText>`json_group_array(json_object(${pairs}))`;
}

/** A string or null as JSON text. */
export function jsonValue(value: string | null): JsonText {
  return JSON.stringify(value) as JsonText;
}

/** `{"key":value,…}` of JSON texts (from `jsonArray`, `jsonValue`), written as they are. */
export function jsonObject(properties: Readonly<Record<string, JsonText>>): JsonText {
  const members = Object.entries(properties).map(
    ([key, value]) => `${JSON.stringify(key)}:${value}`,
  );
  return `{${members.join(',')}}` as JsonText;
}
