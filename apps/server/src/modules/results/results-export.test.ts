/**
 * The results exports (DESIGN §8, issue 16, ADR 023): one row per completed survey, one column
 * per question as asked, formula neutralisation, UTF-8 with a BOM, the acknowledgements sheet,
 * the audit event, and an export of many slices streamed in bounded memory: 2,000 surveys in
 * the suite, 100,000 under `npm run test:scale`, which the bench runs (ADR 058).
 */
import { RESULTS_EXPORTS_PER_USER, RESULTS_MESSAGES, XLSX_CONTENT_TYPE } from '@carevoice/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithGrants } from '../../test/endpoint-requests.js';
import {
  describeEachDialect,
  SCALE,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';
import { exportResults } from './results-export.js';

const F = 'export-f';
const BIG = 'export-big';
const QN = 'export-qn';
const BIG_QN = 'export-big-qn';
const TURNS = 'export-turns';
const TURNS_QN = 'export-turns-qn';

async function facility(t: TestApp, id: string, name: string, questionnaireId: string) {
  await t.db.insertInto('facilities').values({ id, name }).execute();
  await t.db
    .insertInto('questionnaires')
    .values({
      id: questionnaireId,
      name: `${name} Admission`,
      facility_id: id,
      survey_type: 'Admission',
      survey_set_id: null,
      published_version: 1,
      draft_json: null,
    })
    .execute();
  await t.db
    .insertInto('questions')
    .values(
      [
        [
          'overall',
          'How was your stay?',
          'Radio',
          [
            ['Sí, muy bien', 'good'],
            ['No', 'no'],
          ],
        ],
        ['note', 'Anything else?', 'Text', []],
      ].map(([key, name, type, labels], position) => ({
        id: `${questionnaireId}-${key as string}`,
        questionnaire_id: questionnaireId,
        position,
        name: name as string,
        type: type as string,
        values_json: JSON.stringify((labels as string[][]).map(([label]) => [label, null])),
        validation_json: JSON.stringify({ required: false }),
        version: 1,
        key: key as string,
        meta_json: JSON.stringify({
          option_keys: Object.fromEntries(labels as string[][]),
          alert_options: [],
        }),
      })),
    )
    .execute();
  await t.db
    .insertInto('residents')
    .values({
      id: `${id}-resident`,
      facility_id: id,
      first_name: 'José',
      last_name: '=cmd|calc',
      client_id: '+1234',
      active: 1,
      discharge_reason: null,
      discharged_at: null,
      admitted_on: null,
      discharged_on: null,
    })
    .execute();
}

/** `count` completed surveys of the facility with two answers each, inserted many rows at once. */
async function bulkSurveys(t: TestApp, id: string, questionnaireId: string, count: number) {
  const CHUNK = 500;
  for (let start = 0; start < count; start += CHUNK) {
    const n = Math.min(CHUNK, count - start);
    const ids = Array.from({ length: n }, (_, i) => `${id}-s${String(start + i).padStart(6, '0')}`);
    await t.db
      .insertInto('surveys')
      .values(
        ids.map((surveyId, i) => ({
          id: surveyId,
          facility_id: id,
          resident_id: `${id}-resident`,
          survey_type: 'Admission' as const,
          survey_set_id: null,
          due_date: `2026-0${1 + ((start + i) % 9)}-1${(start + i) % 10}`,
          status: 'completed' as const,
          delayed_until: null,
          created_by: null,
          created_at: '2026-01-01T00:00:00.000Z',
          submitted_by: null,
          submitted_at: '2026-10-01T10:00:00.000Z',
          questionnaire_version: 1,
        })),
      )
      .execute();
    await t.db
      .insertInto('answers')
      .values(
        ids.flatMap((surveyId, i) => [
          {
            id: `${surveyId}-a1`,
            survey_id: surveyId,
            question_id: `${questionnaireId}-overall`,
            position: 0,
            answer: (start + i) % 2 === 0 ? 'Sí, muy bien' : 'No',
            comment: null,
            answer_key: (start + i) % 2 === 0 ? 'good' : 'no',
          },
          {
            id: `${surveyId}-a2`,
            survey_id: surveyId,
            question_id: `${questionnaireId}-note`,
            position: 1,
            answer: '@SUM(A1:A2) and a longer text so the file is not tiny',
            comment: null,
            answer_key: null,
          },
        ]),
      )
      .execute();
  }
}

describeEachDialect('results exports', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let viewer: SignedIn;

  beforeAll(async () => {
    await facility(t, F, 'Export Place', QN);
    await bulkSurveys(t, F, QN, 3);
    viewer = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [F] });
  }, 120_000);

  it('CSV: a BOM, the question texts as columns, one row per survey, formulas neutralised', async () => {
    const before = await t.counts();
    const response = await call(t, viewer, 'resultsExportCsv', {
      query: { facility_id: F, survey_type: 'Admission' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="survey-results-/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(response.body.slice(1).trim(), { newline: '\r\n' });
    const [header, ...rows] = parsed.data;
    expect(header?.slice(-2)).toEqual(['How was your stay?', 'Anything else?']);
    expect(header?.slice(0, 3)).toEqual(['Survey ID', 'Resident', 'Client ID']);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row[1]).toBe('José =cmd|calc');
      expect(row[2]).toBe("'+1234");
      expect(row.at(-1)).toBe("'@SUM(A1:A2) and a longer text so the file is not tiny");
    }
    expect(rows.map((row) => row.at(-2)).sort()).toEqual(['No', 'Sí, muy bien', 'Sí, muy bien']);
    const after = await t.counts();
    expect(after.audit_events).toBe((before.audit_events ?? 0) + 1);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'detail_json'])
      .orderBy('occurred_at', 'desc')
      .where('action', '=', 'results.exported')
      .executeTakeFirstOrThrow();
    expect(audit.detail_json).not.toContain('José');
  });

  it('XLSX: the responses and the acknowledgements sheets, neutralised', async () => {
    const response = await call(t, viewer, 'resultsExportXlsx', {
      query: { facility_id: F, survey_type: 'Admission' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const responses = workbook.getWorksheet('Responses');
    const acknowledgements = workbook.getWorksheet('Acknowledgements');
    expect(responses?.rowCount).toBe(4);
    expect(acknowledgements?.rowCount).toBe(1);
    expect(responses?.getRow(1).getCell(13).value).toBe('How was your stay?');
    expect(responses?.getRow(2).getCell(3).value).toBe("'+1234");
    expect(responses?.getRow(2).getCell(14).value).toBe(
      "'@SUM(A1:A2) and a longer text so the file is not tiny",
    );
  });

  it('refuses an export without a survey kind (400) and of a facility not held (403)', async () => {
    expect(
      (await call(t, viewer, 'resultsExportCsv', { query: { facility_id: F } })).statusCode,
    ).toBe(400);
    const other = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [] });
    const refused = await call(t, other, 'resultsExportCsv', {
      query: { facility_id: F, survey_type: 'Admission' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("writes the facility's clock with its offset, Refused and Don't know as said, who answered and how, and Number answers as numbers in the XLSX", async () => {
    await t.db
      .updateTable('facilities')
      .set({ time_zone: 'America/Chicago' })
      .where('id', '=', F)
      .execute();
    await t.db
      .insertInto('questions')
      .values({
        id: `${QN}-nights`,
        questionnaire_id: QN,
        position: 2,
        name: 'How many nights did you stay?',
        type: 'Number',
        values_json: '[]',
        validation_json: JSON.stringify({ required: false }),
        version: 1,
        key: 'nights',
        meta_json: JSON.stringify({ option_keys: {}, alert_options: [] }),
      })
      .execute();
    await t.db
      .insertInto('answers')
      .values({
        id: `${F}-s000000-a3`,
        survey_id: `${F}-s000000`,
        question_id: `${QN}-nights`,
        position: 2,
        answer: '-3',
        comment: null,
        answer_key: null,
      })
      .execute();
    await t.db
      .updateTable('answers')
      .set({ answer: null, answer_key: null, non_answer: "Don't know" })
      .where('id', '=', `${F}-s000001-a1`)
      .execute();
    await t.db
      .updateTable('answers')
      .set({ answer: null, answer_key: null, non_answer: 'Refused' })
      .where('id', '=', `${F}-s000002-a1`)
      .execute();
    await t.db
      .updateTable('surveys')
      .set({ respondent: 'family' })
      .where('id', '=', `${F}-s000001`)
      .execute();
    await t.db
      .updateTable('surveys')
      .set({ channel: 'sms' })
      .where('id', '=', `${F}-s000002`)
      .execute();

    const csv = await call(t, viewer, 'resultsExportCsv', {
      query: { facility_id: F, survey_type: 'Admission' },
    });
    const [header, ...rows] = Papa.parse<string[]>(csv.body.slice(1).trim(), {
      newline: '\r\n',
    }).data;
    const at = (row: string[] | undefined, column: string) => row?.[header?.indexOf(column) ?? -1];
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(at(byId.get(`${F}-s000000`), 'Submitted at')).toBe('2026-10-01T05:00:00-05:00');
    expect(at(byId.get(`${F}-s000001`), 'How was your stay?')).toBe("Don't know");
    expect(at(byId.get(`${F}-s000002`), 'How was your stay?')).toBe('Refused');
    // Who answered (blank: not recorded, ADR 026) and how (DESIGN §9).
    expect([0, 1, 2].map((n) => at(byId.get(`${F}-s00000${n}`), 'Respondent'))).toEqual([
      '',
      'family',
      '',
    ]);
    expect([0, 1, 2].map((n) => at(byId.get(`${F}-s00000${n}`), 'Channel'))).toEqual([
      'interview',
      'interview',
      'sms',
    ]);
    expect(at(byId.get(`${F}-s000000`), 'How many nights did you stay?')).toBe("'-3");

    const xlsx = await call(t, viewer, 'resultsExportXlsx', {
      query: { facility_id: F, survey_type: 'Admission' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Responses');
    const headings = (sheet?.getRow(1).values ?? []) as unknown[];
    const column = (name: string) => headings.indexOf(name);
    const rowOf = (id: string) =>
      [2, 3, 4].map((n) => sheet?.getRow(n)).find((row) => row?.getCell(1).value === id);
    const first = rowOf(`${F}-s000000`);
    expect(first?.getCell(column('How many nights did you stay?')).value).toBe(-3);
    expect(first?.getCell(column('Questionnaire version')).value).toBe(1);
    expect(first?.getCell(column('Submitted at')).value).toBe('2026-10-01T05:00:00-05:00');
    expect(rowOf(`${F}-s000001`)?.getCell(column('Respondent')).value).toBe('family');
    expect(rowOf(`${F}-s000001`)?.getCell(column('How was your stay?')).value).toBe("Don't know");
    expect(rowOf(`${F}-s000002`)?.getCell(column('How was your stay?')).value).toBe('Refused');
    expect(rowOf(`${F}-s000002`)?.getCell(column('Channel')).value).toBe('sms');
    // Text stays text, neutralised: a Text answer that looks like a formula is not a number.
    expect(first?.getCell(column('Anything else?')).value).toBe(
      "'@SUM(A1:A2) and a longer text so the file is not tiny",
    );
  });

  describe('taking turns with other requests (ADR 043)', () => {
    const COUNT = 4000;
    let exporter: SignedIn;

    beforeAll(async () => {
      await facility(t, TURNS, 'Export Turns', TURNS_QN);
      await bulkSurveys(t, TURNS, TURNS_QN, COUNT);
      exporter = await signInWithGrants(t, {
        permissions: ['Survey_Results'],
        facilityIds: [TURNS],
      });
    }, 300_000);

    const exportOf = (format: 'csv' | 'xlsx', who: SignedIn = exporter) =>
      call(t, who, format === 'csv' ? 'resultsExportCsv' : 'resultsExportXlsx', {
        query: { facility_id: TURNS, survey_type: 'Admission' },
      });

    for (const format of ['csv', 'xlsx'] as const) {
      it(`answers /healthz and a results read sent after a ${format} export began before the export ends`, async () => {
        const done: string[] = [];
        const big = exportOf(format).then((response) => {
          done.push('export');
          return response;
        });
        // Sent once the export is under way (its first slice read).
        await new Promise((resolve) => setImmediate(resolve));
        const health = t.app.inject({ method: 'GET', url: '/healthz' }).then((response) => {
          done.push('healthz');
          return response;
        });
        const sets = call(t, exporter, 'resultsSurveySets', { query: { facility_id: TURNS } }).then(
          (response) => {
            done.push('survey sets');
            return response;
          },
        );
        const [exported, healthz, read] = await Promise.all([big, health, sets]);
        expect(exported.statusCode).toBe(200);
        expect(healthz.statusCode).toBe(200);
        expect(read.statusCode).toBe(200);
        expect(done).toHaveLength(3);
        expect(done.at(-1)).toBe('export');
        if (format === 'csv') expect(exported.body.trim().split('\r\n')).toHaveLength(COUNT + 1);
      }, 120_000);
    }

    it(`runs at most ${RESULTS_EXPORTS_PER_USER} exports of one user at once: 429 with Retry-After, then free again`, async () => {
      const other = await signInWithGrants(t, {
        permissions: ['Survey_Results'],
        facilityIds: [TURNS],
      });
      const before = await t.counts();
      // Sent together, the one of the three handled last is refused, whichever that is; another
      // user's export at the same time is not.
      const [answers, others] = await Promise.all([
        Promise.all([exportOf('xlsx'), exportOf('csv'), exportOf('csv')]),
        exportOf('csv', other),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429]);
      expect(others.statusCode).toBe(200);
      const refused = answers.find((answer) => answer.statusCode === 429) as (typeof answers)[0];
      expect(refused.json()).toEqual({ detail: RESULTS_MESSAGES.tooManyExports });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The refused one was not audited; the three that ran were.
      expect((await t.counts()).audit_events).toBe((before.audit_events ?? 0) + 3);
      // Both slots are free again once the files are sent.
      const again = await Promise.all([exportOf('csv'), exportOf('xlsx')]);
      expect(again.map((answer) => answer.statusCode)).toEqual([200, 200]);
    }, 120_000);

    it('a HEAD request is checked like a GET but makes no file and takes no slot', async () => {
      const heads = await Promise.all(
        Array.from({ length: RESULTS_EXPORTS_PER_USER + 1 }, () =>
          t.app.inject({
            method: 'HEAD',
            url: `/api/v1/results/export.csv/?facility_id=${TURNS}&survey_type=Admission`,
            headers: exporter.headers,
          }),
        ),
      );
      for (const head of heads) {
        expect(head.statusCode).toBe(200);
        expect(head.body).toBe('');
      }
    });
  });

  // Ten slices of EXPORT_SLICE_SIZE in the suite; the full size under `npm run test:scale`.
  const COUNT = SCALE ? 100_000 : 2_000;
  describe(`${COUNT.toLocaleString('en-US')} surveys`, () => {
    beforeAll(async () => {
      await facility(t, BIG, 'Export Volume', BIG_QN);
      await bulkSurveys(t, BIG, BIG_QN, COUNT);
      // As autovacuum would after a bulk load: the planner's statistics.
      if (dialect === 'postgres') await sql`analyze`.execute(t.db);
    }, 600_000);

    it('streams every row in bounded memory', async () => {
      const user = {
        id: viewer.body.sf_user_id,
        email: 'x@carevoice.test',
        name: 'X',
        allFacilityAccess: true,
        allPermissionAccess: true,
        mfaEnabled: false,
      };
      const meta = { at: t.clock.now(), ip: '127.0.0.1', userAgent: null, userId: user.id };
      const started = performance.now();
      const { stream } = await exportResults(
        t.ctx,
        meta,
        user,
        { facility_id: [BIG], survey_type: 'Admission' },
        'csv',
        { download: true },
      );
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      let lines = 0;
      let bytes = 0;
      for await (const chunk of stream) {
        const text = String(chunk);
        bytes += Buffer.byteLength(text);
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines += 1;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `[${dialect}] export of ${COUNT} surveys: ${Math.round(COUNT / seconds)} rows/s, ${(bytes / 1e6).toFixed(1)} MB, heap +${((peak - baseline) / 1e6).toFixed(1)} MB\n`,
      );
      expect(lines).toBe(COUNT + 1);
      // ~100 bytes a row (~10 MB at full size); the heap never holds more than a few pages of it.
      expect(bytes).toBeGreaterThan(90 * COUNT);
      expect(peak - baseline).toBeLessThan(128 * 1024 * 1024);
    }, 300_000);
  });
});
