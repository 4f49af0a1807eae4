/**
 * A long list answered with JSON the database writes (ADR 009), for the active residents of a
 * facility (a few thousand rows): the query aggregates its rows into ONE JSON array text, which
 * the route sends as the body unchanged (`sendJsonText` in lib/http.ts).
 *
 * What it saves, measured (docs/performance.md): handing each row to JavaScript as an object and
 * serializing it again cost 2.5× the CPU of this path on SQLite and 4× on PostgreSQL for ~2,500
 * residents. The due list (~270 rows) gained only 1.3–1.65× and goes through the serializer.
 *
 * What a reader must not break: every property is named here, so nothing undeclared reaches the
 * client; values must already have their wire types (text columns become JSON strings, NULL
 * becomes null; integers and 0/1 flags would become numbers, so lists with those stay with the
 * serializer). The answer is still checked against its zod schema in every test
 * (plugins/response-check.ts), and json-rows.test.ts compares it with the JavaScript path for
 * names with quotes, control characters and emoji, on both dialects.
 */
import { sql, type RawBuilder } from 'kysely';
import type { JsonText } from '../lib/http.js';
import type { Dialect } from './connect.js';

/**
 * `[{"key":value,…},…]` of the rows of the FROM-clause subquery `from`, one item per row, in
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
  const column = (name: string) => sql.ref(`${from}.${name}`);
  if (dialect === 'postgres') {
    // Written piece by piece rather than by json_build_object, which puts spaces around every
    // colon and after every comma: 9 % more bytes than SQLite's for the same list, and with
    // them the active patients at 3,000 residents a facility served 2,200–2,700 req/s instead
    // of 4,400–5,600 (docs/performance.md, "No JIT, compact JSON"; ADR 038). `to_json` escapes
    // a value as json_build_object does; NULL becomes null.
    const item = sql.join(
      Object.entries(fields).map(
        ([key, name], index) =>
          sql`${sql.lit(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`)} || coalesce(to_json(${column(name)})::text, 'null')`,
      ),
      sql` || `,
    );
    const order = sql.join(orderBy.map(column));
    return sql<JsonText>`'[' || coalesce(string_agg(${item} || '}', ',' order by ${order}), '') || ']'`;
  }
  const pairs = sql.join(
    Object.entries(fields).map(([key, name]) => sql`${sql.lit(key)}, ${column(name)}`),
  );
  return sql<JsonText>`json_group_array(json_object(${pairs}))`;
}
