import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../is-postgres.js';

/**
 * A text index for the results' comment search (issue 16, ADR 036). The search finds the Text
 * answers and comments of a period that hold a piece of text, anywhere in a word, whatever its
 * case. Without an index it read and matched every answer of the period's surveys: 115 ms of
 * CPU for a year of three facilities on SQLite, 1.2 s on PostgreSQL (docs/performance.md).
 *
 * - SQLite: `answer_search`, an FTS5 table with the trigram tokenizer (substring matches,
 *   case-folded), one row per answer that holds a Text answer or a comment: the answer's id (not
 *   indexed: the join key; rowids are not used, VACUUM may renumber those of `answers`), its
 *   Text answer (null for other question types) and its comment. Triggers keep it true for every
 *   writer, as for the answer counts (ADR 034). Answers are never deleted or changed by the
 *   application; the delete and update triggers find the row by a scan of the index's content,
 *   which is fine for an administrator's shell or a test fixture but not for bulk deletes.
 * - PostgreSQL: the `pg_trgm` extension's GIN indexes, which serve `ilike '%…%'`: one on the
 *   comments, one on the answers without an option key (Text and Number; choice answers, which
 *   hold an option key, would only fill it with "Yes" and "Good"). The extension is trusted (a
 *   database owner may create it) and lives in one schema of the database, shared by every
 *   schema there (the tests' and the bench's): it is created once, in `public`, under a lock,
 *   and never dropped here; the operator classes are named with the schema it is in (an
 *   administrator may have created it elsewhere).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Two migrations in two schemas may run at once: the second waits and then finds it.
    await sql`select pg_advisory_xact_lock(hashtext('carevoice create extension pg_trgm'))`.execute(
      db,
    );
    // In `public`, not the first schema of the search path: a schema dropped with CASCADE (a
    // test's, the bench's) would take the extension, and every schema's indexes on it, along.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select extnamespace::regnamespace::text as schema from pg_extension
      where extname = 'pg_trgm'`.execute(db);
    const ops = sql.raw(`${sql.id(rows[0]?.schema ?? 'public').compile(db).sql}.gin_trgm_ops`);
    await sql`
      create index answers_comment_search_idx on answers using gin (comment ${ops})
      where comment is not null`.execute(db);
    await sql`
      create index answers_text_search_idx on answers using gin (answer ${ops})
      where answer_key is null and answer is not null`.execute(db);
    return;
  }

  await sql`
    create virtual table answer_search using fts5(
      answer_id unindexed, answer, comment, tokenize = 'trigram')`.execute(db);
  const textAnswer = (row: 'new' | 'old') =>
    `case when (select type from questions where id = ${row}.question_id) = 'Text'
      then ${row}.answer end`;
  const add = `
    insert into answer_search (answer_id, answer, comment)
    select new.id, ${textAnswer('new')}, new.comment
    where new.comment is not null or ${textAnswer('new')} is not null;`;
  const remove = `delete from answer_search where answer_id = old.id;`;
  // The answers already given.
  await sql
    .raw(
      `insert into answer_search (answer_id, answer, comment)
      select answers.id, case when questions.type = 'Text' then answers.answer end, answers.comment
      from answers left join questions on questions.id = answers.question_id
      where answers.comment is not null
        or (questions.type = 'Text' and answers.answer is not null)`,
    )
    .execute(db);
  await sql
    .raw(`create trigger answer_search_insert after insert on answers begin ${add} end`)
    .execute(db);
  await sql
    .raw(`create trigger answer_search_delete after delete on answers begin ${remove} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger answer_search_update after update of question_id, answer, comment on answers
      begin ${remove} ${add} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index answers_text_search_idx`.execute(db);
    await sql`drop index answers_comment_search_idx`.execute(db);
    return;
  }
  for (const name of ['answer_search_update', 'answer_search_delete', 'answer_search_insert']) {
    await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await sql`drop table answer_search`.execute(db);
}
