/**
 * The results figures (DESIGN §8, issue 16, ADR 023) checked against values computed by hand on
 * a small fixed dataset (not against the same SQL): two facilities of their own, a questionnaire
 * with two versions (an option renamed and one retired), surveys in every status.
 */
import type {
  ResultsCommentsResponse,
  ResultsQuestion,
  ResultsSummaryResponse,
  ResultsSurveyDetail,
  ResultsSurveysResponse,
} from '@carevoice/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionMeta } from '../../db/database.js';
import { signInWithGrants } from '../../test/endpoint-requests.js';
import {
  describeEachDialect,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';

const F = 'results-f';
const G = 'results-g';
const QN = 'results-qn';
const QN_G = 'results-qn-g';

function meta(partial: Partial<QuestionMeta>): string {
  return JSON.stringify({ option_keys: {}, alert_options: [], ...partial });
}

interface Q {
  id: string;
  questionnaire_id: string;
  version: number;
  position: number;
  key: string;
  name: string;
  type: string;
  labels?: [string, string][];
  alerts?: string[];
  alertBelow?: number;
}

const QUESTIONS: Q[] = [
  // version 1
  {
    id: 'q1v1',
    questionnaire_id: QN,
    version: 1,
    position: 0,
    key: 'overall',
    name: 'How was it?',
    type: 'Radio',
    labels: [
      ['Good', 'good'],
      ['Fair', 'fair'],
      ['Poor', 'poor'],
    ],
    alerts: ['poor'],
  },
  {
    id: 'q2v1',
    questionnaire_id: QN,
    version: 1,
    position: 1,
    key: 'score',
    name: 'Score 1-5?',
    type: 'Number',
    alertBelow: 3,
  },
  {
    id: 'q3v1',
    questionnaire_id: QN,
    version: 1,
    position: 2,
    key: 'comments',
    name: 'Anything else?',
    type: 'Text',
  },
  {
    id: 'q4v1',
    questionnaire_id: QN,
    version: 1,
    position: 3,
    key: 'likes',
    name: 'What do you like?',
    type: 'MultiPicklist',
    labels: [
      ['Food', 'food'],
      ['Music', 'music'],
    ],
  },
  // version 2: "Good" is now "Great" (same key), "Fair" retired, the text and likes questions gone
  {
    id: 'q1v2',
    questionnaire_id: QN,
    version: 2,
    position: 0,
    key: 'overall',
    name: 'How was your stay?',
    type: 'Radio',
    labels: [
      ['Great', 'good'],
      ['Poor', 'poor'],
    ],
    alerts: ['poor'],
  },
  {
    id: 'q2v2',
    questionnaire_id: QN,
    version: 2,
    position: 1,
    key: 'score',
    name: 'Score 1-5?',
    type: 'Number',
    alertBelow: 3,
  },
  // facility G's questionnaire: the same keys
  {
    id: 'q1g',
    questionnaire_id: QN_G,
    version: 1,
    position: 0,
    key: 'overall',
    name: 'How was your stay?',
    type: 'Radio',
    labels: [
      ['Great', 'good'],
      ['Poor', 'poor'],
    ],
    alerts: ['poor'],
  },
];

interface S {
  id: string;
  facility: string;
  due: string;
  status: 'due' | 'delayed' | 'completed' | 'not_completable';
  submitted?: string;
  version?: number;
  reason?: string;
  respondent?: 'resident' | 'family';
  channel?: 'email';
  answers?: [questionId: string, answer: string | null, key: string | null, comment?: string][];
}

const SURVEYS: S[] = [
  {
    id: 's1',
    facility: F,
    due: '2026-01-10',
    status: 'completed',
    submitted: '2026-01-12T10:00:00.000Z',
    version: 1,
    answers: [
      ['q1v1', 'Good', 'good', 'Nice'],
      ['q2v1', '5', null],
      ['q3v1', 'Lovely staff', null],
      ['q4v1', 'Food;Music', 'food;music'],
    ],
  },
  {
    id: 's2',
    facility: F,
    due: '2026-01-20',
    status: 'completed',
    submitted: '2026-01-20T15:00:00.000Z',
    version: 1,
    respondent: 'resident',
    channel: 'email',
    answers: [
      ['q1v1', 'Poor', 'poor'],
      ['q2v1', '2', null],
      ['q3v1', null, null],
      ['q4v1', 'Music', 'music'],
    ],
  },
  {
    id: 's3',
    facility: F,
    due: '2026-02-05',
    status: 'completed',
    submitted: '2026-02-09T09:00:00.000Z',
    version: 2,
    answers: [
      ['q1v2', 'Great', 'good'],
      ['q2v2', '4', null],
    ],
  },
  { id: 's4', facility: F, due: '2026-02-10', status: 'due' },
  { id: 's5', facility: F, due: '2026-02-12', status: 'delayed' },
  {
    id: 's6',
    facility: F,
    due: '2026-02-15',
    status: 'not_completable',
    reason: 'Out To Hospital',
  },
  {
    id: 's7',
    facility: F,
    due: '2026-03-01',
    status: 'completed',
    submitted: '2026-02-27T08:00:00.000Z',
    version: 2,
    respondent: 'family',
    answers: [
      ['q1v2', 'Poor', 'poor'],
      ['q2v2', '1', null],
    ],
  },
  // outside the period
  {
    id: 's8',
    facility: F,
    due: '2025-12-31',
    status: 'completed',
    submitted: '2026-01-02T08:00:00.000Z',
    version: 1,
    answers: [
      ['q1v1', 'Good', 'good'],
      ['q2v1', '5', null],
      ['q3v1', null, null],
      ['q4v1', 'Food', 'food'],
    ],
  },
  // facility G
  {
    id: 'g1',
    facility: G,
    due: '2026-01-15',
    status: 'completed',
    submitted: '2026-01-18T08:00:00.000Z',
    version: 1,
    answers: [['q1g', 'Great', 'good', 'Warm welcome']],
  },
  { id: 'g2', facility: G, due: '2026-01-16', status: 'due' },
];

const PERIOD = { from: '2026-01-01', to: '2026-03-31', survey_type: 'Admission' } as const;

async function seedResults(t: TestApp): Promise<void> {
  const db = t.db;
  await db
    .insertInto('facilities')
    .values([
      { id: F, name: 'Results Alpha' },
      { id: G, name: 'Results Beta' },
    ])
    .execute();
  await db
    .insertInto('questionnaires')
    .values([
      {
        id: QN,
        name: 'Alpha Admission',
        facility_id: F,
        survey_type: 'Admission',
        survey_set_id: null,
        published_version: 2,
        draft_json: null,
      },
      {
        id: QN_G,
        name: 'Beta Admission',
        facility_id: G,
        survey_type: 'Admission',
        survey_set_id: null,
        published_version: 1,
        draft_json: null,
      },
    ])
    .execute();
  await db
    .insertInto('questions')
    .values(
      QUESTIONS.map((q) => ({
        id: q.id,
        questionnaire_id: q.questionnaire_id,
        position: q.position,
        name: q.name,
        type: q.type,
        values_json: JSON.stringify((q.labels ?? []).map(([label]) => [label, null])),
        validation_json: JSON.stringify({ required: false }),
        version: q.version,
        key: q.key,
        meta_json: meta({
          option_keys: Object.fromEntries(q.labels ?? []),
          alert_options: q.alerts ?? [],
          ...(q.alertBelow === undefined ? {} : { alert_below: q.alertBelow }),
        }),
      })),
    )
    .execute();
  for (const s of SURVEYS) await insertSurvey(db, s);
}

/** A survey of `s`, with its resident and answers. */
async function insertSurvey(db: TestApp['db'], s: S): Promise<void> {
  await db
    .insertInto('residents')
    .values({
      id: `r-${s.id}`,
      facility_id: s.facility,
      first_name: 'Res',
      last_name: s.id.toUpperCase(),
      client_id: `c-${s.id}`,
      active: s.status === 'not_completable' ? 0 : 1,
      discharge_reason: (s.reason ?? null) as 'Out To Hospital' | null,
      discharged_at: null,
      admitted_on: null,
      discharged_on: null,
    })
    .execute();
  await db
    .insertInto('surveys')
    .values({
      id: s.id,
      facility_id: s.facility,
      resident_id: `r-${s.id}`,
      survey_type: 'Admission',
      survey_set_id: null,
      due_date: s.due,
      status: s.status,
      delayed_until: s.status === 'delayed' ? '2026-04-01' : null,
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
      submitted_by: null,
      submitted_at: s.submitted ?? null,
      questionnaire_version: s.version ?? null,
      respondent: s.respondent ?? null,
      ...(s.channel === undefined ? {} : { channel: s.channel }),
    })
    .execute();
  let position = 0;
  for (const [questionId, answer, key, comment] of s.answers ?? []) {
    await db
      .insertInto('answers')
      .values({
        id: `${s.id}-${questionId}`,
        survey_id: s.id,
        question_id: questionId,
        position: position++,
        answer,
        comment: comment ?? null,
        answer_key: key,
      })
      .execute();
  }
}

describeEachDialect('survey results', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let viewer: SignedIn;
  let onlyG: SignedIn;
  let noResults: SignedIn;

  beforeAll(async () => {
    await seedResults(t);
    viewer = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [F, G] });
    onlyG = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [G] });
    noResults = await signInWithGrants(t, {
      permissions: ['Patients_Surveys'],
      facilityIds: [F, G],
    });
  });

  describe('summary', () => {
    it('counts every figure of a facility as computed by hand', async () => {
      const response = await call(t, viewer, 'resultsSummary', {
        query: { facility_id: F, ...PERIOD },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultsSummaryResponse>();
      expect(body.facilities).toEqual([
        {
          facility_id: F,
          facility_name: 'Results Alpha',
          due: 7,
          completed: 4,
          delayed: 1,
          open: 2,
          not_completable: {
            Discharged: 0,
            'Out To Hospital': 1,
            'Resident Refused': 0,
            'Left AMA': 0,
          },
          consent_refused: 0,
          partial: 0,
          response_rate: 4 / 7,
          // Days from due to completed: 2, 0, 4, −2 → median of (−2, 0, 2, 4) = 1
          median_days_to_complete: 1,
        },
      ]);
      expect(body.by_month).toEqual([
        { month: '2026-01', due: 2, completed: 2, response_rate: 1 },
        { month: '2026-02', due: 4, completed: 1, response_rate: 0.25 },
        { month: '2026-03', due: 1, completed: 1, response_rate: 1 },
      ]);
    });

    it('puts facilities side by side, by name, and counts months over both', async () => {
      const response = await call(t, viewer, 'resultsSummary', {
        query: { facility_id: [G, F], ...PERIOD },
      });
      const body = response.json<ResultsSummaryResponse>();
      expect(body.facilities.map((row) => [row.facility_name, row.due, row.completed])).toEqual([
        ['Results Alpha', 7, 4],
        ['Results Beta', 2, 1],
      ]);
      const beta = body.facilities[1];
      expect(beta?.response_rate).toBe(0.5);
      expect(beta?.median_days_to_complete).toBe(3);
      expect(body.by_month[0]).toEqual({
        month: '2026-01',
        due: 4,
        completed: 3,
        response_rate: 0.75,
      });
    });

    it('without facility_id covers every facility the user holds, and only those', async () => {
      const response = await call(t, onlyG, 'resultsSummary', { query: PERIOD });
      expect(
        response.json<ResultsSummaryResponse>().facilities.map((row) => row.facility_id),
      ).toEqual([G]);
    });

    it('answers null rates and medians when nothing was due', async () => {
      const response = await call(t, viewer, 'resultsSummary', {
        query: { facility_id: F, from: '2020-01-01', to: '2020-01-31' },
      });
      const [row] = response.json<ResultsSummaryResponse>().facilities;
      expect(row).toMatchObject({
        due: 0,
        completed: 0,
        response_rate: null,
        median_days_to_complete: null,
      });
    });
  });

  describe('questions', () => {
    it('groups answers by stable question and option keys across versions', async () => {
      const response = await call(t, viewer, 'resultsQuestions', {
        query: { facility_id: F, ...PERIOD },
      });
      expect(response.statusCode, response.body).toBe(200);
      const questions = response.json<ResultsQuestion[]>();
      expect(questions.map((q) => q.question_key)).toEqual([
        'overall',
        'score',
        'comments',
        'likes',
      ]);
      const [overall, score, comments, likes] = questions;
      expect(overall).toEqual({
        question_key: 'overall',
        text: 'How was your stay?',
        type: 'Radio',
        answered: 4,
        non_answers: 0,
        comments: 1,
        // "How was it?" / "Good" in version 1, "How was your stay?" / "Great" in version 2.
        changed: true,
        options: [
          { key: 'good', label: 'Great', count: 2, alert: false },
          { key: 'poor', label: 'Poor', count: 2, alert: true },
          { key: 'fair', label: 'Fair', count: 0, alert: false },
        ],
        by_month: [
          {
            month: '2026-01',
            answered: 2,
            options: [
              { key: 'good', count: 1 },
              { key: 'poor', count: 1 },
              { key: 'fair', count: 0 },
            ],
          },
          {
            month: '2026-02',
            answered: 1,
            options: [
              { key: 'good', count: 1 },
              { key: 'poor', count: 0 },
              { key: 'fair', count: 0 },
            ],
          },
          {
            month: '2026-03',
            answered: 1,
            options: [
              { key: 'good', count: 0 },
              { key: 'poor', count: 1 },
              { key: 'fair', count: 0 },
            ],
          },
        ],
      });
      expect(score).toEqual({
        question_key: 'score',
        text: 'Score 1-5?',
        type: 'Number',
        answered: 4,
        non_answers: 0,
        comments: 0,
        changed: false,
        mean: 3,
        histogram: [
          { min: 1, max: 1, count: 1 },
          { min: 2, max: 2, count: 1 },
          { min: 4, max: 4, count: 1 },
          { min: 5, max: 5, count: 1 },
        ],
      });
      expect(comments).toMatchObject({ type: 'Text', answered: 1, comments: 0 });
      expect(likes?.answered).toBe(2);
      expect(likes?.options).toEqual([
        { key: 'food', label: 'Food', count: 1, alert: false },
        { key: 'music', label: 'Music', count: 2, alert: false },
      ]);
    });

    it('lists only the questions of the versions in the period, and says which were asked differently', async () => {
      // February and March: only version 2 (the published one) was answered. The text and likes
      // questions, retired with version 1, had no answer: not listed; nor is the retired option.
      const response = await call(t, viewer, 'resultsQuestions', {
        query: { facility_id: F, ...PERIOD, from: '2026-02-01' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const questions = response.json<ResultsQuestion[]>();
      expect(questions.map((q) => [q.question_key, q.text, q.changed])).toEqual([
        ['overall', 'How was your stay?', false],
        ['score', 'Score 1-5?', false],
      ]);
      expect(questions[0]?.options?.map((option) => option.key)).toEqual(['good', 'poor']);
      // A period nobody answered in still lists the published version's questions, with 0.
      const empty = await call(t, viewer, 'resultsQuestions', {
        query: { facility_id: F, ...PERIOD, from: '2027-01-01', to: '2027-01-31' },
      });
      expect(
        empty.json<ResultsQuestion[]>().map((q) => [q.question_key, q.answered, q.changed]),
      ).toEqual([
        ['overall', 0, false],
        ['score', 0, false],
      ]);
    });

    it('needs a survey type or a set (400)', async () => {
      const response = await call(t, viewer, 'resultsQuestions', { query: { facility_id: F } });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('drill-down, one survey and comments', () => {
    it('lists the surveys behind an option, newest due date first', async () => {
      const response = await call(t, viewer, 'resultsSurveys', {
        query: { facility_id: F, ...PERIOD, question_key: 'overall', option_key: 'poor' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultsSurveysResponse>();
      expect(body.items.map((item) => item.survey_id)).toEqual(['s7', 's2']);
      expect(body.items[0]).toMatchObject({
        resident_name: 'Res S7',
        facility_name: 'Results Alpha',
        survey_type: 'Admission',
        status: 'completed',
        due_date: '2026-03-01',
        questionnaire_version: 2,
        respondent: 'family',
        channel: 'interview',
      });
      expect(body.items[1]).toMatchObject({ respondent: 'resident', channel: 'email' });
    });

    it('lists the surveys behind a Number range, a MultiPicklist option and a status', async () => {
      const ids = async (query: Record<string, string>) =>
        (
          await call(t, viewer, 'resultsSurveys', {
            query: { facility_id: F, ...PERIOD, ...query },
          })
        )
          .json<ResultsSurveysResponse>()
          .items.map((item) => item.survey_id);
      expect(await ids({ question_key: 'score', number_max: '2' })).toEqual(['s7', 's2']);
      expect(await ids({ question_key: 'score', number_min: '4', number_max: '5' })).toEqual([
        's3',
        's1',
      ]);
      expect(await ids({ question_key: 'likes', option_key: 'music' })).toEqual(['s2', 's1']);
      expect(await ids({ status: 'not_completable' })).toEqual(['s6']);
      expect(await ids({})).toEqual(['s7', 's3', 's2', 's1']);
    });

    it('pages with a cursor', async () => {
      const first = await call(t, viewer, 'resultsSurveys', { query: { facility_id: F } });
      expect(first.json<ResultsSurveysResponse>().next_cursor).toBeNull();
      const bad = await call(t, viewer, 'resultsSurveys', {
        query: { facility_id: F, cursor: 'nope' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('pages through several facilities newest first, each survey once', async () => {
      // 60 more completed surveys in G, before the period, two a day (ties go by id).
      const extra = Array.from({ length: 60 }, (_, n) => ({
        id: `g-page-${String(n).padStart(2, '0')}`,
        due: `2025-06-${String(1 + Math.floor(n / 2)).padStart(2, '0')}`,
      }));
      await t.db
        .insertInto('surveys')
        .values(
          extra.map((survey) => ({
            id: survey.id,
            facility_id: G,
            resident_id: 'r-g1',
            survey_type: 'Admission',
            survey_set_id: null,
            due_date: survey.due,
            status: 'completed',
            delayed_until: null,
            created_by: null,
            created_at: '2025-05-01T00:00:00.000Z',
            submitted_by: null,
            submitted_at: `${survey.due}T10:00:00.000Z`,
            questionnaire_version: 1,
          })),
        )
        .execute();
      try {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: ResultsSurveysResponse = (
            await call(t, viewer, 'resultsSurveys', {
              query: { facility_id: [F, G], ...(cursor ? { cursor } : {}) },
            })
          ).json<ResultsSurveysResponse>();
          seen.push(...page.items.map((item) => item.survey_id));
          cursor = page.next_cursor;
        } while (cursor !== null);
        const newestFirst = [...extra]
          .sort((a, b) => (a.due === b.due ? (a.id < b.id ? 1 : -1) : a.due < b.due ? 1 : -1))
          .map((survey) => survey.id);
        expect(seen).toEqual(['s7', 's3', 's2', 'g1', 's1', 's8', ...newestFirst]);
      } finally {
        await t.db
          .deleteFrom('surveys')
          .where(
            'id',
            'in',
            extra.map((survey) => survey.id),
          )
          .execute();
      }
    });

    it('shows one survey as asked, with the alerting answers marked', async () => {
      await t.db
        .insertInto('alerts')
        .values({
          id: 'alert-s2',
          facility_id: F,
          survey_id: 's2',
          answer_id: 's2-q1v1',
          question_id: 'q1v1',
          question_key: 'overall',
          raised_at: '2026-01-20T15:00:00.000Z',
          status: 'open',
          acknowledged_by: null,
          acknowledged_at: null,
          resolved_by: null,
          resolved_at: null,
          note: null,
        })
        .execute();
      const response = await call(t, viewer, 'resultsSurvey', { params: { surveyId: 's2' } });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultsSurveyDetail>();
      expect(body.answers.map((a) => [a.question, a.answer, a.alert])).toEqual([
        ['How was it?', 'Poor', true],
        ['Score 1-5?', '2', false],
        ['Anything else?', null, false],
        ['What do you like?', 'Music', false],
      ]);
      expect(body).toMatchObject({ respondent: 'resident', channel: 'email' });
      const other = await call(t, onlyG, 'resultsSurvey', { params: { surveyId: 's2' } });
      expect(other.statusCode).toBe(403);
      const missing = await call(t, viewer, 'resultsSurvey', { params: { surveyId: 'nope' } });
      expect(missing.statusCode).toBe(404);
    });

    it('finds comments and text answers by search text', async () => {
      const all = await call(t, viewer, 'resultsComments', {
        query: { facility_id: F, ...PERIOD },
      });
      expect(all.statusCode, all.body).toBe(200);
      const items = all.json<ResultsCommentsResponse>().items;
      expect(items.map((item) => [item.survey_id, item.kind, item.text]).sort()).toEqual([
        ['s1', 'answer', 'Lovely staff'],
        ['s1', 'comment', 'Nice'],
      ]);
      // Not recorded (ADR 026): null, never a guess.
      expect(items.map((item) => [item.respondent, item.channel])).toEqual([
        [null, 'interview'],
        [null, 'interview'],
      ]);
      const found = await call(t, viewer, 'resultsComments', {
        query: { facility_id: F, ...PERIOD, q: 'LOVELY' },
      });
      expect(found.json<ResultsCommentsResponse>().items.map((item) => item.text)).toEqual([
        'Lovely staff',
      ]);
      const wildcard = await call(t, viewer, 'resultsComments', {
        query: { facility_id: F, ...PERIOD, q: '%' },
      });
      expect(wildcard.json<ResultsCommentsResponse>().items).toEqual([]);
    });

    it('lists several facilities’ comments together, newest due date first', async () => {
      const response = await call(t, viewer, 'resultsComments', {
        query: { facility_id: [F, G], ...PERIOD },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultsCommentsResponse>();
      // The period's only comments and text answers: G's g1 (due 01-15), then F's s1 (01-10).
      expect(body.items.map((item) => [item.survey_id, item.kind, item.text])).toEqual([
        ['g1', 'comment', 'Warm welcome'],
        ['s1', 'answer', 'Lovely staff'],
        ['s1', 'comment', 'Nice'],
      ]);
      expect(body.next_cursor).toBeNull();
      const onlyG = await call(t, viewer, 'resultsComments', {
        query: { facility_id: [F, G], ...PERIOD, q: 'welcome' },
      });
      expect(onlyG.json<ResultsCommentsResponse>().items.map((item) => item.survey_id)).toEqual([
        'g1',
      ]);
    });
  });

  describe('comment search (ADR 036)', () => {
    it('finds text anywhere in a word; not in choice or Number answers; a quote is plain text', async () => {
      const search = async (q: string) => {
        const response = await call(t, viewer, 'resultsComments', {
          query: { facility_id: [F, G], ...PERIOD, q },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ResultsCommentsResponse>().items.map((item) => item.text);
      };
      // Through the text index (three characters or more) and without it (fewer).
      expect(await search('vely st')).toEqual(['Lovely staff']);
      expect(await search('ly')).toEqual(['Lovely staff']);
      expect(await search('ELCOM')).toEqual(['Warm welcome']);
      // s1 answers "Good" (choice), "5" (Number), "Food;Music" (choice): none is a comment.
      expect(await search('Good')).toEqual([]);
      expect(await search('Music')).toEqual([]);
      expect(await search('5')).toEqual([]);
      // Quotes and the index's query syntax are searched for as they are.
      expect(await search('"Nice"')).toEqual([]);
      expect(await search('Nice*')).toEqual([]);
      expect(await search('NEAR(Lovely staff)')).toEqual([]);
    });

    it('finds a search many answers hold elsewhere, newest first, without the index', async () => {
      // 1,001 comments holding "nice" in a facility the viewer does not hold: more than the text
      // index hands over, so the search reads the viewer's facilities newest first instead.
      const H = 'results-h';
      await t.db.insertInto('facilities').values({ id: H, name: 'Results Gamma' }).execute();
      await insertSurvey(t.db, {
        id: 'h1',
        facility: H,
        due: '2026-01-25',
        status: 'completed',
        submitted: '2026-01-25T10:00:00.000Z',
        version: 1,
      });
      await t.db
        .insertInto('answers')
        .values(
          Array.from({ length: 1_001 }, (_, n) => ({
            id: `h1-${n}`,
            survey_id: 'h1',
            question_id: 'q1v1',
            position: n,
            answer: 'Good',
            comment: 'A nice day',
            answer_key: 'good',
          })),
        )
        .execute();
      const response = await call(t, viewer, 'resultsComments', {
        query: { facility_id: [F, G], ...PERIOD, q: 'NICE' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.json<ResultsCommentsResponse>().items.map((item) => [item.survey_id, item.text]),
      ).toEqual([['s1', 'Nice']]);
    });
  });

  if (dialect === 'postgres') {
    it('reads newest first when the text index takes too long (PostgreSQL)', async () => {
      // The answers locked by another transaction: the text index's lookup waits past its time
      // limit and is cancelled (57014); the search must then read newest first, not fail.
      const fallbackWaiting = sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like ${'%"answers"."id" as "answer_id"%'}`;
      await t.db.connection().execute(async (locker) => {
        await sql`begin`.execute(locker);
        await sql`lock table answers in access exclusive mode`.execute(locker);
        let settled = false;
        const request = call(t, viewer, 'resultsComments', {
          query: { facility_id: [F, G], ...PERIOD, q: 'lovely' },
        }).finally(() => {
          settled = true;
        });
        // Until the newest-first read waits for the lock too (or the request has ended).
        while (!settled && (await fallbackWaiting.execute(t.db)).rows[0]?.n === 0) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await sql`commit`.execute(locker);
        const response = await request;
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<ResultsCommentsResponse>().items.map((item) => item.text)).toEqual([
          'Lovely staff',
        ]);
      });
    });
  }

  describe('scoping', () => {
    it('refuses a facility the user does not hold (403), also among several', async () => {
      for (const name of [
        'resultsSummary',
        'resultsQuestions',
        'resultsSurveys',
        'resultsComments',
      ] as const) {
        const response = await call(t, onlyG, name, { query: { facility_id: [G, F], ...PERIOD } });
        expect(response.statusCode, name).toBe(403);
      }
    });

    it('refuses a user without Survey_Results (403)', async () => {
      const response = await call(t, noResults, 'resultsSummary', { query: { facility_id: F } });
      expect(response.statusCode).toBe(403);
    });

    it('refuses bad filters with 400, never 500', async () => {
      for (const query of [
        { facility_id: F, from: '2026-02-01', to: '2026-01-01' },
        { facility_id: F, survey_type: 'Admission', survey_set_id: 'x' },
        { facility_id: F, survey_type: 'Nope' },
        { facility_id: F, from: '2026-02-30' },
        { facility_id: F, option_key: 'poor' },
        { facility_id: F, question_key: 'score', number_min: 'abc' },
      ]) {
        const response = await call(t, viewer, 'resultsSurveys', { query });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
      }
    });
  });
});
