/**
 * The maintained survey counts (ADR 037): whatever writes or changes surveys, `survey_counts`
 * (per due day) and `survey_month_counts` (per due month) hold exactly what counting the surveys
 * gives — after the migration's backfill and the demo seed, a submission through the API, and
 * hand-made changes (a status changed, a due date moved, a survey deleted and inserted again, a
 * submission time changed, a survey reopened and completed again).
 */
import { IDEMPOTENCY_KEY_HEADER, type Question } from '@carevoice/shared';
import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, useTestApp, type SignedIn } from '../test/harness.js';
import { answerPath, answerRecords, call, MAPLE, openSurveys } from '../test/survey-kit.js';
import type { Dialect } from './connect.js';
import type { Database } from './database.js';

type CountRow = Record<string, string | number>;

/**
 * The counts from the surveys themselves, as the migration's backfill computes them, per due
 * day (`survey_counts`) or month (`survey_month_counts`).
 */
async function recount(
  db: Kysely<Database>,
  dialect: Dialect,
  grain: 'day' | 'month',
): Promise<string[]> {
  const period = grain === 'day' ? sql`due_date` : sql`substr(due_date, 1, 7)`;
  const days =
    dialect === 'postgres'
      ? sql`cast(substr(submitted_at, 1, 10) as date) - cast(due_date as date)`
      : sql`cast(julianday(substr(submitted_at, 1, 10)) - julianday(due_date) as integer)`;
  const { rows } = await sql<CountRow>`
    select facility_id, coalesce(survey_set_id, '') as survey_set_id, survey_type,
      ${period} as period, status,
      coalesce(case when status = 'completed' and submitted_at is not null then ${days} end,
        -1000000) as days,
      count(*) as n
    from surveys
    group by 1, 2, 3, 4, 5, 6`.execute(db);
  return normalise(rows);
}

/** The maintained rows that count anything. */
async function maintained(db: Kysely<Database>, grain: 'day' | 'month'): Promise<string[]> {
  const rows =
    grain === 'day'
      ? (await db.selectFrom('survey_counts').selectAll().where('n', '<>', 0).execute()).map(
          ({ due_date, ...row }) => ({ ...row, period: due_date }),
        )
      : (await db.selectFrom('survey_month_counts').selectAll().where('n', '<>', 0).execute()).map(
          ({ due_month, ...row }) => ({ ...row, period: due_month }),
        );
  return normalise(rows as unknown as CountRow[]);
}

function normalise(rows: readonly CountRow[]): string[] {
  return rows
    .map((row) =>
      [
        row.facility_id,
        row.survey_set_id,
        row.survey_type,
        row.period,
        row.status,
        Number(row.days),
        Number(row.n),
      ].join('|'),
    )
    .sort();
}

describeEachDialect('maintained survey counts', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let manager: SignedIn;

  beforeAll(async () => {
    manager = await t.login('manager@carevoice.test');
  });

  const expectInStep = async () => {
    for (const grain of ['day', 'month'] as const) {
      const expected = await recount(t.db, dialect, grain);
      expect(expected.length).toBeGreaterThan(0);
      expect(await maintained(t.db, grain), grain).toEqual(expected);
    }
  };

  it('counts the demo surveys exactly, completed ones by their days to submission', async () => {
    await expectInStep();
    // The seed has completed surveys with days, and open ones without.
    const days = await t.db.selectFrom('survey_counts').select('days').distinct().execute();
    expect(days.map((row) => Number(row.days))).toContain(-1000000);
    expect(days.some((row) => Number(row.days) >= 0)).toBe(true);
  });

  it('counts a submission made through the API', async () => {
    const [survey] = await openSurveys(t, MAPLE, 'Admission');
    const questions = (
      await call(t, manager, 'questions', {
        params: { surveyType: 'Admission', facilityId: MAPLE },
      })
    ).json<Question[]>();
    const id = survey?.id as string;
    const response = await call(t, manager, 'submitAnswers', {
      body: {
        survey_answer_list: answerRecords(id, answerPath(questions)),
        patient_id: id,
        sf_user_id: manager.body.sf_user_id,
        ack_data: [],
      },
      headers: { [IDEMPOTENCY_KEY_HEADER]: `survey-counts-${id}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectInStep();
  });

  it('follows surveys changed, moved, deleted, inserted, reopened and completed again', async () => {
    const completed = await t.db
      .selectFrom('surveys')
      .selectAll()
      .where('status', '=', 'completed')
      .orderBy('id')
      .limit(3)
      .execute();
    const [first, second, third] = completed;
    const open = await t.db
      .selectFrom('surveys')
      .selectAll()
      .where('status', '=', 'due')
      .orderBy('id')
      .executeTakeFirstOrThrow();

    // Status changed.
    await t.db
      .updateTable('surveys')
      .set({ status: 'not_completable' })
      .where('id', '=', open.id)
      .execute();
    await expectInStep();
    // Due date moved (to another month, and a day of the same month).
    await t.db
      .updateTable('surveys')
      .set({ due_date: '2020-02-29' })
      .where('id', '=', second?.id as string)
      .execute();
    await expectInStep();
    await t.db
      .updateTable('surveys')
      .set({ due_date: '2020-02-03' })
      .where('id', '=', second?.id as string)
      .execute();
    await expectInStep();
    // Submission time changed: the days move.
    await t.db
      .updateTable('surveys')
      .set({ submitted_at: '2020-03-09T23:30:00.000Z' })
      .where('id', '=', second?.id as string)
      .execute();
    await expectInStep();
    // Deleted, then inserted again as it was.
    const row = first as NonNullable<typeof first>;
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alerts').where('survey_id', '=', row.id).execute();
      await trx.deleteFrom('acknowledgements').where('survey_id', '=', row.id).execute();
      await trx.deleteFrom('answers').where('survey_id', '=', row.id).execute();
      await trx.deleteFrom('surveys').where('id', '=', row.id).execute();
    });
    await expectInStep();
    await t.db
      .insertInto('surveys')
      .values({ ...row, id: 'survey-counts-again' })
      .execute();
    await expectInStep();
    // Reopened, then completed again on another day.
    await t.db
      .updateTable('surveys')
      .set({ status: 'due', submitted_at: null, submitted_by: null })
      .where('id', '=', third?.id as string)
      .execute();
    await expectInStep();
    await t.db
      .updateTable('surveys')
      .set({ status: 'completed', submitted_at: third?.submitted_at ?? null })
      .where('id', '=', third?.id as string)
      .execute();
    await expectInStep();
  });
});
