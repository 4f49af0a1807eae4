/**
 * `results/coreq/` and its exports (DESIGN §9 "CoreQ", ADR 054) against a hand-computed data set
 * written straight into the database, on both dialects: two facilities with the CoreQ Short
 * Stay instrument on their Discharge questionnaire, a month of surveys that exercises every
 * rule, each gate failed once, and a questionnaire without the instrument that must not count.
 */
import type { CoreqResponse, CoreqSurveysResponse } from '@carevoice/shared';
import { XLSX_CONTENT_TYPE } from '@carevoice/shared';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithGrants } from '../../test/endpoint-requests.js';
import {
  describeEachDialect,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';

const A = 'coreq-a';
const B = 'coreq-b';
const SCALE = ['poor', 'average', 'good', 'very-good', 'excellent'];

interface Given {
  facility: string;
  /** Scores 1–5 of items 1–4; null: Refused (a non-answer); undefined: not asked. */
  scores?: (number | null | undefined)[];
  status?: 'completed' | 'consent_refused' | 'not_completable' | 'due';
  reason?: 'Resident Refused' | 'Out To Hospital';
  respondent?: 'resident' | 'family' | 'representative';
  due?: string;
  submitted?: string;
  admitted?: string;
  discharged?: string;
  destination?: string;
  guardian?: boolean;
  bims?: number;
  questionnaire?: string;
}

const many = (n: number, given: Given): Given[] => Array.from({ length: n }, () => ({ ...given }));

/*
 * Facility A, January 2026 (defaults: admitted 2025-12-01, discharged 2026-01-01 home, due
 * 2026-01-08, answered 2026-01-10 by the resident):
 *   15 × [5,5,5,5] and 1 × [4,4,4,Refused]: satisfied; 5 × [2,2,2,2]: not → valid 21, satisfied 16
 *   excluded, one each: proxy (family), hospital, guardian, BIMS 5, stay 2025-09-01 → 2026-01-01
 *   (122 days), late (discharged 2025-12-20, answered 2026-02-21 > 2026-02-20), incomplete (two
 *   items Refused)
 *   declined: 2 consent refused, 1 not completable "Resident Refused" (given);
 *   not given: 1 not completable "Out To Hospital", 1 still due; 1 Admission survey (no CoreQ)
 *   given 21 + 7 + 3 = 31, responded 28; response rate 21 ÷ 31 = 0.6774; score 16 ÷ 21 = 76.2
 *   items 1–3: (15×5 + 4 + 5×2) ÷ 21 = 89 ÷ 21 = 4.24; item 4: (75 + 10) ÷ 20 = 4.25
 * Facility A, February: 3 × [5,5,5,5] → 3 valid: too few, no score.
 * Facility B, January: 20 × [3,3,3,3] and 50 consent refused → 20 ÷ 70 = 0.2857: rate too low.
 * All, January: given 101, valid 41, satisfied 36 → 87.8 %, rate 41 ÷ 101 = 0.4059;
 *   items 1–3: (89 + 60) ÷ 41 = 3.63; item 4: (85 + 60) ÷ 40 = 3.625 → 3.63.
 */
const SURVEYS: Given[] = [
  ...many(15, { facility: A, scores: [5, 5, 5, 5] }),
  { facility: A, scores: [4, 4, 4, null] },
  ...many(5, { facility: A, scores: [2, 2, 2, 2] }),
  { facility: A, scores: [5, 5, 5, 5], respondent: 'family' },
  { facility: A, scores: [5, 5, 5, 5], destination: 'hospital' },
  { facility: A, scores: [5, 5, 5, 5], guardian: true },
  { facility: A, scores: [5, 5, 5, 5], bims: 5 },
  { facility: A, scores: [5, 5, 5, 5], admitted: '2025-09-01' },
  {
    facility: A,
    scores: [5, 5, 5, 5],
    discharged: '2025-12-20',
    due: '2026-01-05',
    submitted: '2026-02-21T12:00:00.000Z',
  },
  { facility: A, scores: [5, null, null, 5] },
  ...many(2, { facility: A, status: 'consent_refused' }),
  { facility: A, status: 'not_completable', reason: 'Resident Refused' },
  { facility: A, status: 'not_completable', reason: 'Out To Hospital' },
  { facility: A, status: 'due' },
  { facility: A, scores: [1, 1, 1, 1], questionnaire: 'cq-qa-admission' },
  ...many(3, {
    facility: A,
    scores: [5, 5, 5, 5],
    discharged: '2026-02-01',
    due: '2026-02-08',
    submitted: '2026-02-10T12:00:00.000Z',
  }),
  ...many(20, { facility: B, scores: [3, 3, 3, 3] }),
  ...many(50, { facility: B, status: 'consent_refused' }),
];

async function seed(t: TestApp): Promise<void> {
  const db = t.db;
  await db
    .insertInto('facilities')
    .values([
      { id: A, name: 'CoreQ Alpha' },
      { id: B, name: 'CoreQ Beta' },
    ])
    .execute();
  const questionnaires = [
    { id: 'cq-qa', facility: A, type: 'Discharge' as const, instrument: 'coreq-ss' },
    { id: 'cq-qb', facility: B, type: 'Discharge' as const, instrument: 'coreq-ss' },
    { id: 'cq-qa-admission', facility: A, type: 'Admission' as const, instrument: null },
  ];
  for (const q of questionnaires) {
    await db
      .insertInto('questionnaires')
      .values({
        id: q.id,
        name: q.id,
        facility_id: q.facility,
        survey_type: q.type,
        survey_set_id: null,
        published_version: 1,
        draft_json: null,
        instrument: q.instrument,
      })
      .execute();
    await db
      .insertInto('questionnaire_versions')
      .values({
        questionnaire_id: q.id,
        version: 1,
        published_at: '2025-11-01T00:00:00.000Z',
        published_by: null,
        questions_json: '[]',
        instrument: q.instrument,
      })
      .execute();
    await db
      .insertInto('questions')
      .values(
        [1, 2, 3, 4].map((n) => ({
          id: `${q.id}-${n}`,
          questionnaire_id: q.id,
          position: n - 1,
          name: `Item ${n}`,
          type: 'Radio',
          values_json: JSON.stringify(SCALE.map((key) => [key, null])),
          validation_json: JSON.stringify({ required: true }),
          version: 1,
          key: `coreq-${n}`,
          meta_json: JSON.stringify({
            option_keys: Object.fromEntries(SCALE.map((key) => [key, key])),
            alert_options: [],
          }),
        })),
      )
      .execute();
  }
  let index = 0;
  for (const s of SURVEYS) {
    index += 1;
    await insertSurvey(t, `cq-s${index}`, s);
  }
}

/** One survey of the data set and its resident (and answers), as written in the database. */
async function insertSurvey(t: TestApp, id: string, s: Given): Promise<void> {
  const db = t.db;
  const status = s.status ?? 'completed';
  const questionnaire = s.questionnaire ?? (s.facility === A ? 'cq-qa' : 'cq-qb');
  await db
    .insertInto('residents')
    .values({
      id: `r-${id}`,
      facility_id: s.facility,
      first_name: 'Res',
      last_name: id,
      client_id: `c-${id}`,
      active: 0,
      discharge_reason: s.reason ?? null,
      discharged_at: null,
      admitted_on: s.admitted ?? '2025-12-01',
      discharged_on: s.discharged ?? '2026-01-01',
      admission_type: 'short_stay',
      discharge_destination: (s.destination ?? 'home') as 'home',
      guardian: s.guardian === true ? 1 : 0,
      bims_score: s.bims ?? null,
      bims_on: s.bims === undefined ? null : '2025-12-02',
    })
    .execute();
  await db
    .insertInto('surveys')
    .values({
      id,
      facility_id: s.facility,
      resident_id: `r-${id}`,
      survey_type: questionnaire === 'cq-qa-admission' ? 'Admission' : 'Discharge',
      survey_set_id: null,
      due_date: s.due ?? '2026-01-08',
      status,
      delayed_until: null,
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
      submitted_by: null,
      submitted_at:
        status === 'completed' || status === 'consent_refused'
          ? (s.submitted ?? '2026-01-10T12:00:00.000Z')
          : null,
      questionnaire_version: status === 'completed' ? 1 : null,
      respondent: status === 'completed' ? (s.respondent ?? 'resident') : null,
    })
    .execute();
  const scores = s.scores ?? [];
  for (let n = 1; n <= scores.length; n += 1) {
    const score = scores[n - 1];
    if (score === undefined) continue;
    const key = score === null ? null : (SCALE[score - 1] as string);
    await db
      .insertInto('answers')
      .values({
        id: `${id}-${n}`,
        survey_id: id,
        question_id: `${questionnaire}-${n}`,
        position: n - 1,
        answer: key,
        comment: null,
        answer_key: key,
        non_answer: score === null ? 'Refused' : null,
      })
      .execute();
  }
}

const JANUARY_TO_FEBRUARY = { from: '2026-01-01', to: '2026-02-28', period: 'month' } as const;

describeEachDialect('CoreQ panel and exports', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let viewer: SignedIn;
  let onlyB: SignedIn;
  let noResults: SignedIn;

  beforeAll(async () => {
    await seed(t);
    viewer = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [A, B] });
    onlyB = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [B] });
    noResults = await signInWithGrants(t, {
      permissions: ['Patients_Surveys'],
      facilityIds: [A, B],
    });
  });

  it('computes every figure as by hand, per facility and for all', async () => {
    const response = await call(t, viewer, 'resultsCoreq', {
      query: { facility_id: [A, B], instrument: 'coreq-ss', ...JANUARY_TO_FEBRUARY },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CoreqResponse>();
    expect(body.instrument).toBe('coreq-ss');
    const [alpha, beta] = body.facilities;
    expect(alpha?.facility_name).toBe('CoreQ Alpha');
    expect(alpha?.periods[0]).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      given: 31,
      responded: 28,
      valid: 21,
      satisfied: 16,
      score: 76.2,
      response_rate: 0.6774,
      item_averages: { 'coreq-1': 4.24, 'coreq-2': 4.24, 'coreq-3': 4.24, 'coreq-4': 4.25 },
      excluded: {
        proxy: 1,
        hospital: 1,
        guardian: 1,
        bims: 1,
        stay_over_100_days: 1,
        late: 1,
        incomplete: 1,
      },
      reportable: true,
      not_reportable_reason: null,
    });
    expect(alpha?.periods[1]).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      given: 3,
      valid: 3,
      satisfied: 3,
      score: null,
      reportable: false,
      not_reportable_reason: 'too_few_valid',
    });
    expect(beta?.periods[0]).toMatchObject({
      given: 70,
      valid: 20,
      satisfied: 20,
      response_rate: 0.2857,
      score: null,
      reportable: false,
      not_reportable_reason: 'low_response_rate',
    });
    expect(body.all.periods[0]).toMatchObject({
      given: 101,
      valid: 41,
      satisfied: 36,
      score: 87.8,
      response_rate: 0.4059,
      item_averages: { 'coreq-1': 3.63, 'coreq-2': 3.63, 'coreq-3': 3.63, 'coreq-4': 3.63 },
      reportable: true,
    });
  });

  it('takes the instrument the facilities adopted when none is named', async () => {
    const response = await call(t, viewer, 'resultsCoreq', {
      query: { facility_id: A, ...JANUARY_TO_FEBRUARY },
    });
    expect(response.json<CoreqResponse>().instrument).toBe('coreq-ss');
  });

  it('pools quarters and rolling six months', async () => {
    const quarter = await call(t, viewer, 'resultsCoreq', {
      query: { facility_id: A, from: '2026-01-01', to: '2026-03-31', period: 'quarter' },
    });
    // January and February together: valid 24, satisfied 19, given 34 → 79.2 %.
    expect(quarter.json<CoreqResponse>().facilities[0]?.periods).toMatchObject([
      { from: '2026-01-01', to: '2026-03-31', given: 34, valid: 24, satisfied: 19, score: 79.2 },
    ]);
    const six = await call(t, viewer, 'resultsCoreq', {
      query: { facility_id: A, from: '2026-06-01', to: '2026-07-31', period: 'six_months' },
    });
    expect(six.json<CoreqResponse>().facilities[0]?.periods).toMatchObject([
      { from: '2026-01-01', to: '2026-06-30', valid: 24 },
      { from: '2026-02-01', to: '2026-07-31', valid: 3 },
    ]);
  });

  it('never leaks across facilities: none named is the user’s own, another’s is 403', async () => {
    const own = await call(t, onlyB, 'resultsCoreq', { query: JANUARY_TO_FEBRUARY });
    expect(own.statusCode).toBe(200);
    const body = own.json<CoreqResponse>();
    expect(body.facilities.map((f) => f.facility_id)).toEqual([B]);
    expect(body.all.periods[0]?.given).toBe(70);
    const other = await call(t, onlyB, 'resultsCoreq', {
      query: { facility_id: A, ...JANUARY_TO_FEBRUARY },
    });
    expect(other.statusCode).toBe(403);
    const exported = await call(t, onlyB, 'resultsCoreqExportCsv', {
      query: { facility_id: A, ...JANUARY_TO_FEBRUARY },
    });
    expect(exported.statusCode).toBe(403);
    expect((await call(t, noResults, 'resultsCoreq', { query: {} })).statusCode).toBe(403);
  });

  it('refuses bad input with a 400 and a message', async () => {
    for (const query of [
      { instrument: 'coreq-xx' },
      { period: 'week' },
      { from: '2026-03-01', to: '2026-01-01' },
      { from: '2020-01-01', to: '2026-01-01' },
      { from: '2026-02-30' },
    ]) {
      const response = await call(t, viewer, 'resultsCoreq', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBeTruthy();
    }
  });

  it('exports one row per respondent with scores, flags, dates and the valid / satisfied flags', async () => {
    const response = await call(t, viewer, 'resultsCoreqExportCsv', {
      query: { facility_id: A, instrument: 'coreq-ss', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(28);
    const valid = rows.filter((row) => row.valid === '1');
    expect(valid).toHaveLength(21);
    expect(valid.filter((row) => row.satisfied === '1')).toHaveLength(16);
    const refusedItem = rows.find((row) => row['coreq-4'] === '' && row.valid === '1');
    expect(refusedItem).toMatchObject({
      'coreq-1': '4',
      items_missing: '1',
      mean: '4',
      respondent: 'resident',
      given_on: '2026-01-08',
      answered_on: '2026-01-10',
      excluded_reason: '',
    });
    const proxy = rows.find((row) => row.excluded_reason === 'proxy');
    expect(proxy).toMatchObject({ respondent: 'family', excluded_proxy: '1', valid: '0' });
    const late = rows.find((row) => row.excluded_reason === 'late');
    expect(late).toMatchObject({ discharged_on: '2025-12-20', answered_on: '2026-02-21' });
    expect(response.body).not.toContain('Res ');
  });

  it('exports one row per facility and period, then all facilities, in CSV and XLSX', async () => {
    const csv = await call(t, viewer, 'resultsCoreqSummaryCsv', {
      query: { facility_id: [A, B], instrument: 'coreq-ss', ...JANUARY_TO_FEBRUARY },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(
      rows.map((row) => [row.facility, row.from, row.score, row.not_reportable_reason]),
    ).toEqual([
      ['CoreQ Alpha', '2026-01-01', '76.2', ''],
      ['CoreQ Alpha', '2026-02-01', '', 'too_few_valid'],
      ['CoreQ Beta', '2026-01-01', '', 'low_response_rate'],
      ['CoreQ Beta', '2026-02-01', '', 'too_few_valid'],
      ['All facilities', '2026-01-01', '87.8', ''],
      ['All facilities', '2026-02-01', '', 'too_few_valid'],
    ]);
    expect(rows[0]).toMatchObject({
      given: '31',
      valid: '21',
      satisfied: '16',
      response_rate: '0.6774',
      'coreq-4_average': '4.25',
      excluded_bims: '1',
      excluded_died: '0',
    });

    const xlsx = await call(t, viewer, 'resultsCoreqSummaryXlsx', {
      query: { facility_id: [A, B], instrument: 'coreq-ss', ...JANUARY_TO_FEBRUARY },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Summary');
    expect(sheet?.rowCount).toBe(7);
    expect(sheet?.getRow(2).getCell(11).value).toBe(76.2);

    const respondents = await call(t, viewer, 'resultsCoreqExportXlsx', {
      query: { facility_id: A, instrument: 'coreq-ss', from: '2026-01-01', to: '2026-01-31' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(respondents.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Respondents')?.rowCount).toBe(29);
  });

  it('audits every export', async () => {
    await call(t, viewer, 'resultsCoreqSummaryCsv', { query: { facility_id: A } });
    const events = await t.db
      .selectFrom('audit_events')
      .select(['action', 'facility_id'])
      .where('action', '=', 'results.coreq_exported')
      .execute();
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)?.facility_id).toBe(A);
  });

  it('counts a survey ended early (partial, ADR 060) as given and responded, with the items it answered', async () => {
    const january = async () => {
      const response = await call(t, viewer, 'resultsCoreq', {
        query: { facility_id: A, instrument: 'coreq-ss', ...JANUARY_TO_FEBRUARY },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CoreqResponse>().facilities[0]?.periods[0];
    };
    const before = await january();
    const setStatus = (status: 'partial' | 'completed') =>
      t.db.updateTable('surveys').set({ status }).where('id', '=', 'cq-s6').execute();
    // cq-s6 answered all four items: ended early after them, it is still a valid response.
    await setStatus('partial');
    expect(await january()).toEqual(before);
    await setStatus('completed');
    expect(await january()).toEqual(before);
  });

  /** Every page of a drill-down (ADR 066), following next_cursor. */
  const drill = async (who: SignedIn, query: Record<string, unknown>) => {
    const items: CoreqSurveysResponse['items'] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await call(t, who, 'resultsCoreqSurveys', {
        query: { instrument: 'coreq-ss', ...query, ...(cursor ? { cursor } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<CoreqSurveysResponse>();
      items.push(...body.items);
      if (body.next_cursor === null) return items;
      cursor = body.next_cursor;
    }
    throw new Error('more than ten pages');
  };
  const ids = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `cq-s${from + i}`).sort();
  const JANUARY = { from: '2026-01-01', to: '2026-01-31' };

  it('lists exactly the surveys behind each hand-computed count (ADR 066)', async () => {
    // Facility A, January: surveys 1–31 given (32–34 not), 1–28 answered, 1–21 valid,
    // 1–16 satisfied, 22–28 excluded one reason each in SURVEYS' order.
    const expected: [Record<string, string>, string[]][] = [
      [{ count: 'given' }, ids(1, 31)],
      [{ count: 'responded' }, ids(1, 28)],
      [{ count: 'valid' }, ids(1, 21)],
      [{ count: 'satisfied' }, ids(1, 16)],
      [{ count: 'excluded' }, ids(22, 28)],
    ];
    const reasons = ['proxy', 'hospital', 'guardian', 'bims', 'stay_over_100_days', 'late'];
    reasons.push('incomplete');
    reasons.forEach((reason, i) =>
      expected.push([{ count: 'excluded', reason }, [`cq-s${22 + i}`]]),
    );
    for (const [count, want] of expected) {
      const items = await drill(viewer, { facility_id: A, ...JANUARY, ...count });
      expect(items.map((item) => item.survey_id).sort(), JSON.stringify(count)).toEqual(want);
    }
    // February: the three valid; every facility: B's 70 given in January too (101, two pages).
    const february = await drill(viewer, {
      facility_id: A,
      from: '2026-02-01',
      to: '2026-02-28',
      count: 'valid',
    });
    expect(february.map((item) => item.survey_id).sort()).toEqual(ids(35, 37));
    const all = await drill(viewer, { ...JANUARY, count: 'given' });
    expect(all).toHaveLength(101);
    expect(new Set(all.map((item) => item.survey_id)).size).toBe(101);
    const dates = all.map((item) => `${item.due_date} ${item.survey_id}`);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows each survey’s date, resident, respondent, status and item scores', async () => {
    const items = await drill(viewer, { facility_id: A, ...JANUARY, count: 'given' });
    const byId = new Map(items.map((item) => [item.survey_id, item]));
    expect(byId.get('cq-s16')).toEqual({
      survey_id: 'cq-s16',
      facility_id: A,
      facility_name: 'CoreQ Alpha',
      resident_name: 'Res cq-s16',
      due_date: '2026-01-08',
      status: 'completed',
      respondent: 'resident',
      responded: true,
      valid: true,
      satisfied: true,
      exclusion: null,
      items: [4, 4, 4, null],
    });
    expect(byId.get('cq-s22')).toMatchObject({
      respondent: 'family',
      exclusion: 'proxy',
      valid: false,
    });
    expect(byId.get('cq-s29')).toMatchObject({
      status: 'consent_refused',
      responded: false,
      items: [null, null, null, null],
    });
    expect(byId.get('cq-s31')).toMatchObject({ status: 'not_completable', responded: false });
  });

  it('keeps the panel’s access rules: never another’s facility', async () => {
    const own = await drill(onlyB, { ...JANUARY, count: 'given' });
    expect(own).toHaveLength(70);
    expect(new Set(own.map((item) => item.facility_id))).toEqual(new Set([B]));
    const other = await call(t, onlyB, 'resultsCoreqSurveys', {
      query: { facility_id: A, instrument: 'coreq-ss', ...JANUARY, count: 'given' },
    });
    expect(other.statusCode).toBe(403);
    const none = await call(t, noResults, 'resultsCoreqSurveys', {
      query: { instrument: 'coreq-ss', ...JANUARY, count: 'given' },
    });
    expect(none.statusCode).toBe(403);
    const event = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'results.coreq_surveys_listed')
      .executeTakeFirst();
    expect(event).toBeDefined();
  });

  it('refuses a bad drill-down with a 400 and a message', async () => {
    const base = { instrument: 'coreq-ss', ...JANUARY, count: 'given' };
    for (const query of [
      { ...base, count: 'all' },
      { ...base, count: 'valid', reason: 'proxy' },
      { ...base, count: 'excluded', reason: 'bored' },
      { ...base, from: '2026-02-01' },
      { ...base, to: undefined },
      { ...base, instrument: undefined },
      { ...base, cursor: 'not-a-cursor' },
    ]) {
      const response = await call(t, viewer, 'resultsCoreqSurveys', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBeTruthy();
    }
  });

  it('follows census changes that alter exclusions: the maintained rows are worked out again (ADR 061)', async () => {
    const january = async () => {
      const response = await call(t, viewer, 'resultsCoreq', {
        query: { facility_id: A, instrument: 'coreq-ss', ...JANUARY_TO_FEBRUARY },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CoreqResponse>().facilities[0]?.periods[0];
    };
    const before = await january();
    const resident = (n: number) => t.db.updateTable('residents').where('id', '=', `r-cq-s${n}`);
    // Four valid responses ([5,5,5,5]) become excluded, and the hospital one (cq-s23) valid.
    await resident(1).set({ discharge_destination: 'hospital' }).execute();
    await resident(2).set({ guardian: 1 }).execute();
    await resident(3).set({ bims_score: 6, bims_on: '2025-12-02' }).execute();
    await resident(4).set({ admitted_on: '2025-08-01' }).execute(); // 153 days
    await resident(23).set({ discharge_destination: 'home' }).execute();
    // valid 21 − 4 + 1 = 18 (too few), satisfied 16 − 4 + 1 = 13; items 1–3 (89 − 20 + 5) ÷ 18 =
    // 74 ÷ 18 = 4.11; item 4 (85 − 20 + 5) ÷ 17 = 70 ÷ 17 = 4.12.
    expect(await january()).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      given: 31,
      responded: 28,
      valid: 18,
      satisfied: 13,
      score: null,
      response_rate: 0.5806,
      item_averages: { 'coreq-1': 4.11, 'coreq-2': 4.11, 'coreq-3': 4.11, 'coreq-4': 4.12 },
      excluded: {
        proxy: 1,
        hospital: 1,
        guardian: 2,
        bims: 2,
        stay_over_100_days: 2,
        late: 1,
        incomplete: 1,
      },
      reportable: false,
      not_reportable_reason: 'too_few_valid',
    });
    // A survey's answers changed afterwards (cq-s5 all Poor: valid, not satisfied) and a survey
    // declined (cq-s6): responded 27, valid 18 − 1 = 17, satisfied 13 − 2 = 11.
    await t.db
      .updateTable('answers')
      .set({ answer: 'poor', answer_key: 'poor' })
      .where('survey_id', '=', 'cq-s5')
      .execute();
    await t.db
      .updateTable('surveys')
      .set({ status: 'consent_refused' })
      .where('id', '=', 'cq-s6')
      .execute();
    const changed = await january();
    expect(changed).toMatchObject({ given: 31, responded: 27, valid: 17, satisfied: 11 });
    // Put back, the figures are the hand-computed ones again.
    await t.db
      .updateTable('answers')
      .set({ answer: 'excellent', answer_key: 'excellent' })
      .where('survey_id', '=', 'cq-s5')
      .execute();
    await t.db
      .updateTable('surveys')
      .set({ status: 'completed' })
      .where('id', '=', 'cq-s6')
      .execute();
    await resident(1).set({ discharge_destination: 'home' }).execute();
    await resident(2).set({ guardian: 0 }).execute();
    await resident(3).set({ bims_score: null, bims_on: null }).execute();
    await resident(4).set({ admitted_on: '2025-12-01' }).execute();
    await resident(23).set({ discharge_destination: 'hospital' }).execute();
    expect(await january()).toEqual(before);
    expect(
      await t.db.selectFrom('coreq_stale').select('survey_id').execute(),
      'every change worked out',
    ).toEqual([]);
  });
});

/*
 * The panel kept between writes (ADR 061): per user and query as every results read, and per day,
 * since without `to` its periods run to today. TEST_TODAY is 2026-11-22 (noon UTC on the test
 * clock): the twelve months to today are December 2025 to November 2026, and a survey given on
 * 2026-11-10 counts in the last one.
 */
describeEachDialect('CoreQ panel kept between writes', (dialect) => {
  /** A November survey, answered Excellent throughout: valid and satisfied. */
  const NOVEMBER: Given = {
    facility: A,
    scores: [5, 5, 5, 5],
    admitted: '2026-10-20',
    discharged: '2026-11-05',
    due: '2026-11-10',
    submitted: '2026-11-12T12:00:00.000Z',
  };
  const TWELVE_MONTHS = { facility_id: A, instrument: 'coreq-ss', period: 'month' } as const;

  async function november(t: TestApp, who: SignedIn) {
    const response = await call(t, who, 'resultsCoreq', { query: TWELVE_MONTHS });
    expect(response.statusCode, response.body).toBe(200);
    const periods = response.json<CoreqResponse>().facilities[0]?.periods ?? [];
    expect(periods.map((period) => period.from.slice(0, 7))).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, n) => `2026-${String(n + 1).padStart(2, '0')}`),
    ]);
    return periods.at(-1);
  }

  describe('with the database’s change count', () => {
    const t = useTestApp(dialect, { seed: true });
    let viewer: SignedIn;
    beforeAll(async () => {
      await seed(t);
      viewer = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [A] });
    });

    it('shows a new completed survey on the very next read: a write drops the kept answer', async () => {
      expect(await november(t, viewer)).toMatchObject({ given: 0, valid: 0 });
      expect(await november(t, viewer)).toMatchObject({ given: 0, valid: 0 });
      await insertSurvey(t, 'cq-november', NOVEMBER);
      expect(await november(t, viewer)).toMatchObject({
        from: '2026-11-01',
        given: 1,
        responded: 1,
        valid: 1,
        satisfied: 1,
      });
    });
  });

  describe('with the change count held still', () => {
    let count = 1;
    const t = useTestApp(dialect, {
      seed: true,
      changeCounter: { current: () => count },
      // The test clock moves a day: the session must outlive it.
      config: { sessionIdleMinutes: 3 * 24 * 60 },
    });
    let viewer: SignedIn;
    beforeAll(async () => {
      await seed(t);
      viewer = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [A] });
    });

    it('answers from memory through the day, and computes afresh on the next day', async () => {
      expect(await november(t, viewer)).toMatchObject({ given: 0 });
      // Written behind the held count: an answer kept for today does not show it…
      await insertSurvey(t, 'cq-november', NOVEMBER);
      expect(await november(t, viewer)).toMatchObject({ given: 0 });
      t.clock.advanceMinutes(11 * 60); // 23:00 UTC, the same day
      expect(await november(t, viewer)).toMatchObject({ given: 0 });
      // …the next day's first read computes it (the same twelve months: only the day differs).
      t.clock.advanceMinutes(2 * 60); // 01:00 UTC, 2026-11-23
      expect(await november(t, viewer)).toMatchObject({ given: 1, valid: 1, satisfied: 1 });
      count += 1;
      expect(await november(t, viewer)).toMatchObject({ given: 1, valid: 1, satisfied: 1 });
    });
  });
});
