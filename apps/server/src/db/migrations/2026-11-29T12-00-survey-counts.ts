import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../is-postgres.js';

/**
 * Maintained survey counts for the results summary (ADR 037), as ADR 034 did for answers.
 *
 * `survey_counts` holds, per facility, survey kind (`survey_set_id` '' for none, then
 * `survey_type`), due day, status and `days` — whole days from the due day to the (UTC)
 * submission day of a completed survey — how many surveys there are (`n`).
 * `survey_month_counts` holds the same per due month (`yyyy-MM`). `days` is -1000000 for a
 * survey that is not completed or has no submission time (the summary's "no days"), so the
 * primary keys have no NULLs; no real survey is due 2,700 years after its submission. The
 * summary reads the whole months of a period from the second and the days at its ends from the
 * first, instead of every survey of the period (34,770 for a year of three facilities).
 *
 * The database keeps both true with triggers, so every writer does — the services, the demo and
 * volume seeds, an administrator's shell, the tests' fixtures: a survey inserted or deleted adds
 * or takes away one count; a survey whose status, due date, facility, kind or submission time
 * changes takes one away under the old values and adds one under the new. Rows are never
 * deleted; a count may fall to 0 (the reads skip groups whose count is 0).
 *
 * Existing surveys are counted once here. Dialects differ (a plpgsql function on PostgreSQL,
 * trigger bodies on SQLite), so this branches.
 */
const NO_DAYS = -1000000;

const GRAINS = [
  { table: 'survey_counts', period: 'due_date', of: (date: string) => date },
  {
    table: 'survey_month_counts',
    period: 'due_month',
    of: (date: string) => `substr(${date}, 1, 7)`,
  },
] as const;

/**
 * The primary key, the period right after the facility (unlike the answer counts, whose key puts
 * the kind first): a facility has few kinds and statuses, so a period's rows of every kind are a
 * few hundred, where a kind-first key made a summary of all kinds read the facility's whole
 * history of day rows (43,416 for the volume data's three facilities) for the period's two
 * partial months.
 */
const keyColumns = <P extends string>(period: P) => [
  'facility_id' as const,
  period,
  'survey_set_id' as const,
  'survey_type' as const,
  'status' as const,
  'days' as const,
];
const keyOf = (period: string) => keyColumns(period).join(', ');
/** The columns the inserts below name, in their values' order. */
const columnsOf = (period: string) =>
  ['facility_id', 'survey_set_id', 'survey_type', period, 'status', 'days', 'n'].join(', ');

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const grain of GRAINS) {
    let table = db.schema
      .createTable(grain.table)
      .addColumn('facility_id', 'text', (c) => c.notNull())
      .addColumn('survey_set_id', 'text', (c) => c.notNull())
      .addColumn('survey_type', 'text', (c) => c.notNull())
      .addColumn(grain.period, 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${grain.table}_pkey`, keyColumns(grain.period));
    // SQLite: the rows live in the primary key's B-tree (a period is one range, no second lookup).
    if (!postgres) table = table.modifyEnd(sql`without rowid`);
    await table.execute();
  }

  // The same formulas countSurveys used over `surveys` (ADR 023).
  const days = (row: string) => {
    const between = postgres
      ? `cast(substr(${row}.submitted_at, 1, 10) as date) - cast(${row}.due_date as date)`
      : `cast(julianday(substr(${row}.submitted_at, 1, 10)) - julianday(${row}.due_date) as integer)`;
    return `coalesce(case when ${row}.status = 'completed' and ${row}.submitted_at is not null
      then ${between} end, ${NO_DAYS})`;
  };
  const upsert = (grain: (typeof GRAINS)[number]) => `
    on conflict (${keyOf(grain.period)}) do update set n = ${grain.table}.n + excluded.n`;

  // The surveys already there, counted once.
  for (const grain of GRAINS) {
    await sql
      .raw(
        `insert into ${grain.table} (${columnsOf(grain.period)})
        select surveys.facility_id, coalesce(surveys.survey_set_id, ''), surveys.survey_type,
          ${grain.of('surveys.due_date')}, surveys.status, ${days('surveys')}, count(*)
        from surveys
        group by 1, 2, 3, 4, 5, 6`,
      )
      .execute(db);
  }

  // One survey's count (`row`: the trigger's OLD or NEW), signed; by primary key only.
  const addSurvey = (row: 'old' | 'new', sign: 1 | -1) =>
    GRAINS.map(
      (grain) => `
      insert into ${grain.table} (${columnsOf(grain.period)})
      values (${row}.facility_id, coalesce(${row}.survey_set_id, ''), ${row}.survey_type,
        ${grain.of(`${row}.due_date`)}, ${row}.status, ${days(row)}, ${sign})
      ${upsert(grain)};`,
    ).join('\n');
  const columns = 'status, due_date, facility_id, survey_type, survey_set_id, submitted_at';

  if (postgres) {
    // plpgsql keeps each statement's plan for the session.
    await sql
      .raw(
        `create function survey_counts_survey_changed() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${addSurvey('old', -1)} end if;
          if tg_op in ('INSERT', 'UPDATE') then ${addSurvey('new', 1)} end if;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql`
      create trigger survey_counts_surveys
      after insert or delete on surveys
      for each row execute function survey_counts_survey_changed()`.execute(db);
    // A row trigger's WHEN may name OLD only on UPDATE: the changes that move a count.
    await sql
      .raw(
        `create trigger survey_counts_surveys_update
        after update of ${columns} on surveys
        for each row
        when (old.status is distinct from new.status or old.due_date is distinct from new.due_date
          or old.facility_id is distinct from new.facility_id
          or old.survey_type is distinct from new.survey_type
          or old.survey_set_id is distinct from new.survey_set_id
          or old.submitted_at is distinct from new.submitted_at)
        execute function survey_counts_survey_changed()`,
      )
      .execute(db);
    return;
  }

  // SQLite: the statements inline in each trigger.
  await sql
    .raw(
      `create trigger survey_counts_survey_insert after insert on surveys
      begin ${addSurvey('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger survey_counts_survey_delete after delete on surveys
      begin ${addSurvey('old', -1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger survey_counts_survey_update
      after update of ${columns} on surveys
      when old.status is not new.status or old.due_date is not new.due_date
        or old.facility_id is not new.facility_id or old.survey_type is not new.survey_type
        or old.survey_set_id is not new.survey_set_id or old.submitted_at is not new.submitted_at
      begin ${addSurvey('old', -1)} ${addSurvey('new', 1)} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger survey_counts_surveys_update on surveys`.execute(db);
    await sql`drop trigger survey_counts_surveys on surveys`.execute(db);
    await sql`drop function survey_counts_survey_changed()`.execute(db);
  } else {
    for (const name of [
      'survey_counts_survey_update',
      'survey_counts_survey_delete',
      'survey_counts_survey_insert',
    ]) {
      await sql`drop trigger ${sql.id(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('survey_month_counts').execute();
  await db.schema.dropTable('survey_counts').execute();
}
