/**
 * The maintained answer counts (ADR 034): whatever writes answers or changes a completed survey,
 * `answer_counts` (per due day) and `answer_month_counts` (per due month) hold exactly what counting the answers of completed surveys gives — after the
 * migration's backfill and the demo seed, a submission through the API, and hand-made changes
 * (an answer changed, removed, added; a survey moved, reopened, completed again).
 */
import { IDEMPOTENCY_KEY_HEADER, type Question } from '@carevoice/shared';
import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, useTestApp, type SignedIn } from '../test/harness.js';
import { answerPath, answerRecords, call, MAPLE, openSurveys } from '../test/survey-kit.js';
import type { Database } from './database.js';

type CountRow = Record<string, string | number>;

/**
 * The counts from the answers themselves, as the migration's backfill computes them, per due
 * day (`answer_counts`) or month (`answer_month_counts`).
 */
async function recount(db: Kysely<Database>, grain: 'day' | 'month'): Promise<string[]> {
  const period = grain === 'day' ? sql`surveys.due_date` : sql`substr(surveys.due_date, 1, 7)`;
  const { rows } = await sql<CountRow>`
    select surveys.facility_id, coalesce(surveys.survey_set_id, '') as survey_set_id,
      surveys.survey_type, ${period} as period, answers.question_id,
      coalesce(answers.answer_key, '') as answer_key,
      case when questions.type = 'Number' then coalesce(answers.answer, '') else '' end as value,
      count(*) as n, count(answers.answer) as answered, count(answers.comment) as comments,
      count(answers.non_answer) as non_answers
    from surveys
    join answers on answers.survey_id = surveys.id
    left join questions on questions.id = answers.question_id
    where surveys.status = 'completed'
    group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
  return normalise(rows);
}

/** The maintained rows that count anything. */
async function maintained(db: Kysely<Database>, grain: 'day' | 'month'): Promise<string[]> {
  const rows =
    grain === 'day'
      ? (await db.selectFrom('answer_counts').selectAll().where('n', '<>', 0).execute()).map(
          ({ due_date, ...row }) => ({ ...row, period: due_date }),
        )
      : (await db.selectFrom('answer_month_counts').selectAll().where('n', '<>', 0).execute()).map(
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
        row.question_id,
        row.answer_key,
        row.value,
        Number(row.n),
        Number(row.answered),
        Number(row.comments),
        Number(row.non_answers),
      ].join('|'),
    )
    .sort();
}

describeEachDialect('maintained answer counts', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let manager: SignedIn;

  beforeAll(async () => {
    manager = await t.login('manager@carevoice.test');
  });

  const expectInStep = async () => {
    for (const grain of ['day', 'month'] as const) {
      const expected = await recount(t.db, grain);
      expect(expected.length).toBeGreaterThan(0);
      expect(await maintained(t.db, grain), grain).toEqual(expected);
    }
  };

  it('counts the demo answers exactly', async () => {
    await expectInStep();
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
      headers: { [IDEMPOTENCY_KEY_HEADER]: `answer-counts-${id}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectInStep();
  });

  it('follows answers changed, removed and added, and surveys moved, reopened and closed', async () => {
    const completed = await t.db
      .selectFrom('surveys')
      .select(['id', 'due_date'])
      .where('status', '=', 'completed')
      .orderBy('id')
      .limit(3)
      .execute();
    const [first, second, third] = completed;
    const answers = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('survey_id', '=', first?.id as string)
      .orderBy('position')
      .execute();
    const [changed, removed] = answers;

    await t.db
      .updateTable('answers')
      .set({ comment: 'Changed later.', non_answer: null })
      .where('id', '=', changed?.id as string)
      .execute();
    await expectInStep();
    await t.db
      .deleteFrom('alerts')
      .where('answer_id', '=', removed?.id as string)
      .execute();
    await t.db
      .deleteFrom('answers')
      .where('id', '=', removed?.id as string)
      .execute();
    await expectInStep();
    await t.db
      .insertInto('answers')
      .values({ ...(removed as NonNullable<typeof removed>), id: 'answer-counts-again' })
      .execute();
    await expectInStep();

    await t.db
      .updateTable('surveys')
      .set({ due_date: '2020-02-29' })
      .where('id', '=', second?.id as string)
      .execute();
    await expectInStep();
    await t.db
      .updateTable('surveys')
      .set({ status: 'not_completable' })
      .where('id', '=', third?.id as string)
      .execute();
    await expectInStep();
    await t.db
      .updateTable('surveys')
      .set({ status: 'completed', due_date: third?.due_date as string })
      .where('id', '=', third?.id as string)
      .execute();
    await expectInStep();
  });
});
