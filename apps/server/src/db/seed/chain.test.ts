/**
 * The chain-scale generator (chain.ts) at a small scale on PostgreSQL, its only dialect: the
 * totals it is asked for, rows the real schema accepts (its keys and foreign keys are checked by
 * the database as it writes), answers along paths the engine accepts, the secondary indexes back
 * as they were, and a chain facility that works through the API.
 */
import { validateAnswerPath } from '@carevoice/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../env.js';
import { buildTestApp, TEST_TODAY, type TestApp } from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';
import type { Database } from '../database.js';
import { listQuestions } from '../questions.js';
import { seedChainData, type ChainSummary } from './chain.js';
import { seedVolumeData } from './volume.js';

const PG_URL = testDatabaseUrl();

/** Every index of the schema as PostgreSQL would create it again. */
async function indexDefinitions(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(
    db,
  );
  return rows.map((row) => row.indexdef);
}

describe.skipIf(!PG_URL)(
  PG_URL
    ? 'chain data [postgres]'
    : 'chain data [postgres] — skipped: TEST_DATABASE_URL is not set',
  () => {
    let t: TestApp;
    let summary: ChainSummary;
    let indexesBefore: string[];
    beforeAll(async () => {
      t = await buildTestApp('postgres', { seed: true });
      await seedVolumeData(t.db, 'postgres', {
        today: TEST_TODAY,
        residentsPerFacility: 100,
        pastSurveys: 1000,
      });
      indexesBefore = await indexDefinitions(t.db);
      summary = await seedChainData(t.db, 'postgres', {
        today: TEST_TODAY,
        facilities: 13,
        residents: 1300,
        surveys: 6000,
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('adds facilities, residents and past surveys up to the totals asked for', () => {
      expect(summary.facilities).toBe(13);
      expect(summary.residents).toBe(1300);
      expect(summary.pastSurveys).toBe(6000);
      // Paths through the standard questionnaires are 5 to 9 answers long.
      expect(summary.answers).toBeGreaterThan(5 * 5000 * 0.9);
      expect(summary.openSurveys).toBeGreaterThan(0);
      expect(summary.acknowledgements).toBeGreaterThan(summary.pendingAcknowledgements);
      expect(summary.steps.map((step) => step.step)).toContain('answers');
    });

    it('builds every index it dropped for the load again, as it was', async () => {
      expect(await indexDefinitions(t.db)).toEqual(indexesBefore);
    });

    it('keeps the answer counts the trigger would have kept (ADR 034), by day and by month', async () => {
      for (const [table, period] of [
        ['answer_counts', 'due_date'],
        ['answer_month_counts', 'due_month'],
      ] as const) {
        const periodOf = period === 'due_date' ? 's.due_date' : 'substr(s.due_date, 1, 7)';
        const { rows: kept } = await sql<Record<string, unknown>>`
          select facility_id, survey_set_id, survey_type, ${sql.ref(period)} as period,
                 question_id, answer_key, value, n, answered, comments, non_answers
          from ${sql.table(table)} where n > 0
          order by 1, 2, 3, 4, 5, 6, 7`.execute(t.db);
        const { rows: counted } = await sql<Record<string, unknown>>`
          select s.facility_id, coalesce(s.survey_set_id, '') as survey_set_id, s.survey_type,
                 ${sql.raw(periodOf)} as period, a.question_id,
                 coalesce(a.answer_key, '') as answer_key,
                 case when q.type = 'Number' then coalesce(a.answer, '') else '' end as value,
                 count(*)::int as n,
                 count(a.answer)::int as answered, count(a.comment)::int as comments,
                 count(a.non_answer)::int as non_answers
          from answers a join surveys s on s.id = a.survey_id
          left join questions q on q.id = a.question_id
          where s.status = 'completed'
          group by 1, 2, 3, 4, 5, 6, 7
          order by 1, 2, 3, 4, 5, 6, 7`.execute(t.db);
        expect(kept.length, table).toBeGreaterThan(1000);
        expect(kept, table).toEqual(counted);
      }
    });

    it('keeps the survey counts the trigger would have kept (ADR 037), by day and by month', async () => {
      for (const [table, period] of [
        ['survey_counts', 'due_date'],
        ['survey_month_counts', 'due_month'],
      ] as const) {
        const periodOf = period === 'due_date' ? 'due_date' : 'substr(due_date, 1, 7)';
        const { rows: kept } = await sql<Record<string, unknown>>`
          select facility_id, survey_set_id, survey_type, ${sql.ref(period)} as period, status,
                 days, n
          from ${sql.table(table)} where n > 0
          order by 1, 2, 3, 4, 5, 6`.execute(t.db);
        const { rows: counted } = await sql<Record<string, unknown>>`
          select facility_id, coalesce(survey_set_id, '') as survey_set_id, survey_type,
                 ${sql.raw(periodOf)} as period, status,
                 coalesce(case when status = 'completed' and submitted_at is not null
                               then cast(substr(submitted_at, 1, 10) as date)
                                    - cast(due_date as date) end, -1000000) as days,
                 count(*)::int as n
          from surveys
          group by 1, 2, 3, 4, 5, 6
          order by 1, 2, 3, 4, 5, 6`.execute(t.db);
        expect(kept.length, table).toBeGreaterThan(1000);
        expect(kept, table).toEqual(counted);
      }
    });

    it('stores answers along a path the engine accepts, on the published questions', async () => {
      const surveys = await t.db
        .selectFrom('surveys')
        .innerJoin('facilities', 'facilities.id', 'surveys.facility_id')
        .innerJoin('questionnaires', (join) =>
          join
            .onRef('questionnaires.facility_id', '=', 'surveys.facility_id')
            .onRef('questionnaires.survey_type', '=', 'surveys.survey_type'),
        )
        .select(['surveys.id', 'questionnaires.id as questionnaire_id'])
        .where('facilities.name', 'like', 'Chain Care %')
        .where('surveys.status', '=', 'completed')
        .orderBy('surveys.id')
        .limit(60)
        .execute();
      expect(surveys).toHaveLength(60);
      for (const survey of surveys) {
        const questions = await listQuestions(t.db, survey.questionnaire_id);
        const answers = await t.db
          .selectFrom('answers')
          .select(['question_id', 'answer'])
          .where('survey_id', '=', survey.id)
          .orderBy('position')
          .execute();
        const path = answers.map((row) => ({ questionId: row.question_id, answer: row.answer }));
        expect(validateAnswerPath(questions, path), survey.id).toBeUndefined();
      }
    });

    it('gives a chain facility a due list, its questions and its employees through the API', async () => {
      const facility = await t.db
        .selectFrom('facilities')
        .select('id')
        .where('name', '=', 'Chain Care 0001')
        .executeTakeFirstOrThrow();
      const admin = await t.login('admin@carevoice.test');
      const params = { facilityId: facility.id };
      const lists = await Promise.all(
        (['Admission', 'Discharge'] as const).map((surveyType) =>
          call(t, admin, 'surveyList', { params: { ...params, surveyType } }),
        ),
      );
      expect(lists.map((response) => response.statusCode)).toEqual([200, 200]);
      const open = lists.flatMap((response) => response.json<{ survey_list: [] }>().survey_list);
      expect(open.length).toBeGreaterThan(0);
      const questions = await call(t, admin, 'questions', {
        params: { ...params, surveyType: 'Admission' },
      });
      expect(questions.statusCode).toBe(200);
      const employees = await call(t, admin, 'activeEmployees', { params });
      expect(employees.statusCode).toBe(200);
    });
  },
);
