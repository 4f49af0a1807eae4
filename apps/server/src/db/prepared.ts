/**
 * Queries built once and run many times. Building a query with Kysely's builder and compiling it
 * to SQL costs more than running a primary-key lookup (the session lookup of every request:
 * ~40 µs of building for ~5 µs in SQLite, docs/performance.md). A query made with `prepared` is
 * built and compiled once per database with stand-ins for its arguments; each call only puts the
 * arguments in place of the stand-ins among the compiled parameters and runs that SQL. The SQL
 * text is the same every time, so SQLite's statement cache (statement-cache.ts) and the
 * PostgreSQL plan caching see one statement.
 *
 *   const findThing = prepared((db, id: string) => db.selectFrom('things').selectAll().where('id', '=', id));
 *   const rows = await findThing(ctx.db, id);
 *
 * Arguments must reach the SQL as bound parameters (a `where` value, not `sql.lit` or a
 * `$if` condition): the query must have the same shape whatever they are. `prepared` checks
 * that every stand-in became a parameter and none was written into the SQL text.
 */
import crypto from 'node:crypto';
import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database.js';

interface Compiled {
  sql: string;
  /** Per compiled parameter: the index of the argument it takes, or -1 for a constant. */
  slots: number[];
  constants: readonly unknown[];
  query: CompiledQuery['query'];
}

export function prepared<Args extends (string | number)[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const byDatabase = new WeakMap<Kysely<Database>, Compiled>();

  function compile(db: Kysely<Database>, arity: number): Compiled {
    const nonce = crypto.randomBytes(8).toString('hex');
    const standIns = Array.from({ length: arity }, (_, index) => `prepared:${nonce}:${index}`);
    // Stand-ins are strings whatever the argument's type: they only have to be told apart.
    const compiled = build(db, ...(standIns as unknown as Args)).compile();
    const slots = compiled.parameters.map((value) => standIns.indexOf(value as string));
    standIns.forEach((standIn, index) => {
      if (compiled.sql.includes(standIn) || !slots.includes(index)) {
        throw new Error(`prepared: argument ${index} is not a bound parameter of ${compiled.sql}`);
      }
    });
    return { sql: compiled.sql, slots, constants: compiled.parameters, query: compiled.query };
  }

  return async (db, ...args) => {
    let compiled = byDatabase.get(db);
    if (!compiled) {
      compiled = compile(db, args.length);
      byDatabase.set(db, compiled);
    }
    const { sql, slots, constants, query } = compiled;
    const parameters = slots.map((slot, index) => (slot < 0 ? constants[index] : args[slot]));
    const result = await db.executeQuery<Row>({
      sql,
      parameters,
      query,
      queryId: createQueryId(),
    });
    return result.rows;
  };
}
