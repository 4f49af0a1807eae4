import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../is-postgres.js';

/**
 * Maintained answer counts for the results dashboard (issue 16, ADR 034).
 *
 * `answer_counts` holds, per facility, survey kind (`survey_set_id` '' for none, then
 * `survey_type`), due day, question row, option key(s) and — for Number questions — value, how
 * many answers of completed surveys there are (`n`), how many hold a value (`answered`), a
 * comment (`comments`) or a non-answer (`non_answers`). `answer_month_counts` holds the same per
 * due month (`yyyy-MM`). `answer_key` and `value` are '' where the answer has none, so the
 * primary keys have no NULLs. The dashboard's answers by question read the whole months of a
 * period from the second and the days at its ends from the first, instead of every answer.
 *
 * The database keeps both true with triggers, so every writer does — the submission's
 * transaction, the demo and volume seeds, an administrator's shell, the tests' fixtures:
 * - an answer inserted, changed or deleted adds or takes away its count when its survey is
 *   completed;
 * - a survey whose status, due date, facility or kind changes from or to `completed` takes away
 *   its answers' counts under the old values and adds them under the new ones.
 * Rows are never deleted; a count may fall to 0 (the reads skip groups whose count is 0).
 *
 * Existing answers are counted once here. Dialects differ (plpgsql functions on PostgreSQL,
 * trigger bodies on SQLite), so this branches.
 */
const GRAINS = [
  { table: 'answer_counts', period: 'due_date', of: (date: string) => date },
  {
    table: 'answer_month_counts',
    period: 'due_month',
    of: (date: string) => `substr(${date}, 1, 7)`,
  },
] as const;

const keyOf = <P extends string>(period: P) => [
  'facility_id' as const,
  'survey_set_id' as const,
  'survey_type' as const,
  period,
  'question_id' as const,
  'answer_key' as const,
  'value' as const,
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const grain of GRAINS) {
    let table = db.schema
      .createTable(grain.table)
      .addColumn('facility_id', 'text', (c) => c.notNull())
      .addColumn('survey_set_id', 'text', (c) => c.notNull())
      .addColumn('survey_type', 'text', (c) => c.notNull())
      .addColumn(grain.period, 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('answer_key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('answered', 'integer', (c) => c.notNull())
      .addColumn('comments', 'integer', (c) => c.notNull())
      .addColumn('non_answers', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${grain.table}_pkey`, keyOf(grain.period));
    // SQLite: the rows live in the primary key's B-tree (a period is one range, no second lookup).
    if (!postgres) table = table.modifyEnd(sql`without rowid`);
    await table.execute();
  }

  const value = (type: string, answer: string) =>
    `case when ${type} = 'Number' then coalesce(${answer}, '') else '' end`;
  const flag = (expr: string) => (postgres ? `(${expr})::integer` : `(${expr})`);
  const insertInto = (grain: (typeof GRAINS)[number]) =>
    `insert into ${grain.table} (${keyOf(grain.period).join(', ')}, n, answered, comments, non_answers)`;
  const upsert = (grain: (typeof GRAINS)[number]) => `
    on conflict (${keyOf(grain.period).join(', ')}) do update set
      n = ${grain.table}.n + excluded.n,
      answered = ${grain.table}.answered + excluded.answered,
      comments = ${grain.table}.comments + excluded.comments,
      non_answers = ${grain.table}.non_answers + excluded.non_answers`;

  // The answers already given, counted once.
  for (const grain of GRAINS) {
    await sql
      .raw(
        `${insertInto(grain)}
        select surveys.facility_id, coalesce(surveys.survey_set_id, ''), surveys.survey_type,
          ${grain.of('surveys.due_date')}, answers.question_id, coalesce(answers.answer_key, ''),
          ${value('questions.type', 'answers.answer')},
          count(*), count(answers.answer), count(answers.comment), count(answers.non_answer)
        from surveys
        join answers on answers.survey_id = surveys.id
        left join questions on questions.id = answers.question_id
        where surveys.status = 'completed'
        group by 1, 2, 3, 4, 5, 6, 7`,
      )
      .execute(db);
  }

  // One answer's count (`row`: the trigger's OLD or NEW), signed, when its survey is completed.
  const addAnswer = (row: 'old' | 'new', sign: 1 | -1) =>
    GRAINS.map(
      (grain) => `
      ${insertInto(grain)}
      select surveys.facility_id, coalesce(surveys.survey_set_id, ''), surveys.survey_type,
        ${grain.of('surveys.due_date')}, ${row}.question_id, coalesce(${row}.answer_key, ''),
        ${value('questions.type', `${row}.answer`)},
        ${sign}, ${sign} * ${flag(`${row}.answer is not null`)},
        ${sign} * ${flag(`${row}.comment is not null`)},
        ${sign} * ${flag(`${row}.non_answer is not null`)}
      from surveys
      left join questions on questions.id = ${row}.question_id
      where surveys.id = ${row}.survey_id and surveys.status = 'completed'
      ${upsert(grain)};`,
    ).join('\n');
  // Every answer of a survey under the survey row's values, signed (`guard`: SQLite's check
  // that the row is completed; PostgreSQL checks it before).
  const addSurvey = (row: 'old' | 'new', sign: 1 | -1, guard: string) =>
    GRAINS.map(
      (grain) => `
      ${insertInto(grain)}
      select ${row}.facility_id, coalesce(${row}.survey_set_id, ''), ${row}.survey_type,
        ${grain.of(`${row}.due_date`)}, answers.question_id, coalesce(answers.answer_key, ''),
        ${value('questions.type', 'answers.answer')},
        ${sign} * count(*), ${sign} * count(answers.answer), ${sign} * count(answers.comment),
        ${sign} * count(answers.non_answer)
      from answers
      left join questions on questions.id = answers.question_id
      where answers.survey_id = ${row}.id ${guard}
      group by 5, 6, 7
      ${upsert(grain)};`,
    ).join('\n');

  if (postgres) {
    // plpgsql keeps each statement's plan for the session.
    await sql
      .raw(
        `create function answer_counts_answer_changed() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${addAnswer('old', -1)} end if;
          if tg_op in ('INSERT', 'UPDATE') then ${addAnswer('new', 1)} end if;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql`
      create trigger answer_counts_answers
      after insert or delete or update of survey_id, question_id, answer, comment, answer_key,
        non_answer on answers
      for each row execute function answer_counts_answer_changed()`.execute(db);
    await sql
      .raw(
        `create function answer_counts_survey_changed() returns trigger language plpgsql as $$
        begin
          if old.status = 'completed' then ${addSurvey('old', -1, '')} end if;
          if new.status = 'completed' then ${addSurvey('new', 1, '')} end if;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql`
      create trigger answer_counts_surveys
      after update of status, due_date, facility_id, survey_type, survey_set_id on surveys
      for each row
      when ((old.status = 'completed' or new.status = 'completed') and (
        old.status is distinct from new.status or old.due_date is distinct from new.due_date
        or old.facility_id is distinct from new.facility_id
        or old.survey_type is distinct from new.survey_type
        or old.survey_set_id is distinct from new.survey_set_id))
      execute function answer_counts_survey_changed()`.execute(db);
    return;
  }

  // SQLite: the statements inline in each trigger.
  await sql
    .raw(
      `create trigger answer_counts_answer_insert after insert on answers
      begin ${addAnswer('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger answer_counts_answer_delete after delete on answers
      begin ${addAnswer('old', -1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger answer_counts_answer_update
      after update of survey_id, question_id, answer, comment, answer_key, non_answer on answers
      begin ${addAnswer('old', -1)} ${addAnswer('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger answer_counts_survey_update
      after update of status, due_date, facility_id, survey_type, survey_set_id on surveys
      when (old.status = 'completed' or new.status = 'completed') and (
        old.status is not new.status or old.due_date is not new.due_date
        or old.facility_id is not new.facility_id or old.survey_type is not new.survey_type
        or old.survey_set_id is not new.survey_set_id)
      begin
        ${addSurvey('old', -1, "and old.status = 'completed'")}
        ${addSurvey('new', 1, "and new.status = 'completed'")}
      end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger answer_counts_surveys on surveys`.execute(db);
    await sql`drop trigger answer_counts_answers on answers`.execute(db);
    await sql`drop function answer_counts_survey_changed()`.execute(db);
    await sql`drop function answer_counts_answer_changed()`.execute(db);
  } else {
    for (const name of [
      'answer_counts_survey_update',
      'answer_counts_answer_update',
      'answer_counts_answer_delete',
      'answer_counts_answer_insert',
    ]) {
      await sql`drop trigger ${sql.id(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('answer_month_counts').execute();
  await db.schema.dropTable('answer_counts').execute();
}
