/**
 * The "nothing was written" check of the contract walks (endpoint-requests.ts `dbState`): it
 * reads every row of every base table only when the database's write mark has moved, so these
 * tests make sure it still fails when a row changes, and that it covers every table.
 */
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dbState } from './endpoint-requests.js';
import { ALL_TABLES, DERIVED_TABLES, describeEachDialect, useTestApp } from './harness.js';

/** Kysely's own bookkeeping, and SQLite's FTS5 comment index with its shadow tables (ADR 036). */
const NOT_DATA = /^(kysely_migration|kysely_migration_lock|answer_search(_[a-z]+)?)$/;

describeEachDialect('"nothing was written" (dbState)', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  /** An answer no alert points at, which a test may delete. */
  const someAnswer = () =>
    t.db
      .selectFrom('answers')
      .selectAll()
      .where('id', 'not in', t.db.selectFrom('alerts').select('answer_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it('names every table of the migrated database: a base table in ALL_TABLES or a derived one in DERIVED_TABLES', async () => {
    const { rows } =
      dialect === 'postgres'
        ? await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(t.db);
    const tables = rows.map((row) => row.name).filter((name) => !NOT_DATA.test(name));
    expect(tables.sort()).toEqual([...ALL_TABLES, ...DERIVED_TABLES].sort());
  });

  it('reads the same state again while nothing was written', async () => {
    const before = await dbState(t);
    await t.db.selectFrom('answers').selectAll().execute();
    expect(await dbState(t)).toBe(before);
  });

  it('sees one value of one row of a base table changed, with every row count the same', async () => {
    const answer = await someAnswer();
    const before = await dbState(t);
    await t.db
      .updateTable('answers')
      .set({ comment: `${answer.comment ?? ''} changed` })
      .where('id', '=', answer.id)
      .execute();
    const after = await dbState(t);
    expect(after.counts).toEqual(before.counts);
    expect(after.digests.answers).not.toBe(before.digests.answers);
    expect(after).not.toEqual(before);
  });

  it('sees a row deleted and another inserted in its place', async () => {
    const answer = await someAnswer();
    const before = await dbState(t);
    await t.db.deleteFrom('answers').where('id', '=', answer.id).execute();
    await t.db
      .insertInto('answers')
      .values({ ...answer, id: crypto.randomUUID() })
      .execute();
    const after = await dbState(t);
    expect(after.counts).toEqual(before.counts);
    expect(after.digests.answers).not.toBe(before.digests.answers);
  });

  it('reads every row when a write leaves them as they were, and finds nothing written', async () => {
    const user = await t.db.selectFrom('users').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const before = await dbState(t);
    await t.db.updateTable('users').set({ name: user.name }).where('id', '=', user.id).execute();
    const after = await dbState(t);
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
});

describe('"nothing was written" (dbState) on a SQLite file', () => {
  const t = useTestApp('sqlite', { seed: true, sqliteFile: true });

  it('sees a row changed by another connection to the file', async () => {
    const before = await dbState(t);
    const other = new SQLite(t.config.sqliteFile);
    try {
      other.prepare("update residents set first_name = first_name || ' changed'").run();
    } finally {
      other.close();
    }
    const after = await dbState(t);
    expect(after.digests.residents).not.toBe(before.digests.residents);
  });
});
