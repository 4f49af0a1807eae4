/**
 * Query plans of the hot paths (docs/performance.md). The real endpoints run through
 * `app.inject` against a database holding the demo seed plus generated volume, while a Kysely
 * `log` hook records every statement they execute; each recorded statement is then explained
 * with its own parameters, under the `set local` settings its transaction ran before it. A new
 * or changed query on these paths is checked without touching this file.
 *
 * - SQLite (always): `EXPLAIN QUERY PLAN`. Fails on any `SCAN` of a growing table: a plain
 *   `SCAN t` reads every row, and `SCAN t USING [COVERING] INDEX i` reads every entry of an
 *   index, which is the same cost. `SEARCH t USING INDEX …` (a range of an index, e.g. one
 *   facility's residents) passes. No ANALYZE, as in production: the plans are the ones a fresh
 *   database gets.
 * - PostgreSQL (with TEST_DATABASE_URL): `EXPLAIN (FORMAT JSON)` after ANALYZE. A sequential
 *   scan is the right plan when a query reads a large share of a table (one of three
 *   facilities' residents), so only a Seq Scan of a growing table whose estimated output is a
 *   small share of the table (a selective query that found no index) fails. Such a scan is
 *   explained again with sequential scans priced out (`enable_seqscan = off`): at the test's
 *   scale a table can be cheaper to read whole than through an index the statement uses at
 *   volume (pg_trgm's GIN indexes, ADR 036), so it fails only when that plan still reads the
 *   table whole or reads a whole index.
 * - At chain scale (with CHAIN_PLANS_DATABASE_URL, set by `npm run bench -- --chain --explain`
 *   on the database it generated: 500 facilities, 1.43 million surveys): the read-only scenarios
 *   the bench measures run against that database, unchanged, and any Seq Scan of surveys,
 *   answers, residents or acknowledgements fails, whatever its estimated share: with 500
 *   facilities no hot path may read one of those tables whole. Each scenario's scans are printed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiPath,
  ENDPOINTS,
  IDEMPOTENCY_KEY_HEADER,
  QuestionsResponseSchema,
  type EndpointName,
} from '@carevoice/shared';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD } from '../constants.js';
import { NEVER_CACHE } from '../db/change-counter.js';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/demo.js';
import { seedVolumeData } from '../db/seed/volume.js';
import { addDays } from '../db/values.js';
import { chainPlansDatabase, loadConfig, testDatabaseUrl } from '../env.js';
import { hashPassword } from '../lib/crypto.js';
import { CapturingMailer, responseCookies, TEST_START, TEST_TODAY } from './harness.js';
import { answerPath, answerRecords, AS_NEEDED_SET, MAPLE, residentId } from './survey-kit.js';

const PG_URL = testDatabaseUrl();
const CHAIN = chainPlansDatabase();

/** Tables that grow with use; a full scan of one of them is a bug waiting for volume. */
const GROWING_TABLES = [
  'residents',
  'surveys',
  'answers',
  'acknowledgements',
  'sessions',
  'login_attempts',
  'idempotency_keys',
  'audit_events',
  'alerts',
  'mail_outbox',
  'answer_counts',
  'answer_month_counts',
  'survey_counts',
  'survey_month_counts',
  'coreq_responses',
] as const;

/** The comment of the survey the plans' world submits, rare: the text index finds it alone. */
const RARE_COMMENT = 'The window latch in my room is loose.';

/** At chain scale, a Seq Scan of one of these fails whatever its estimated share. */
const CHAIN_TABLES = ['surveys', 'answers', 'residents', 'acknowledgements'] as const;

/**
 * The chain guard's scenarios: the reads `npm run bench` measures (nothing in them writes data),
 * and the statements the answer- and survey-count triggers run for every answer or survey
 * written (ADR 034, ADR 037).
 */
const CHAIN_SCENARIOS = [
  'login',
  'session lookup and idle touch',
  'permissions',
  'due list',
  'due list, dated',
  'unlisted residents',
  'questions',
  'fetch answers',
  'acknowledgement list',
  'active employees',
  'active patients',
  'results summary',
  'results questions',
  'results drill-down and one survey',
  'results comments',
  'answer count triggers',
  'survey count triggers',
];

/** Enough rows that a scan would show, small enough to build in a second or two. */
const VOLUME = { residentsPerFacility: 600, pastSurveys: 3000 } as const;

/** PostgreSQL: a Seq Scan expected to return less than this share of the table is flagged. */
const PG_SELECTIVE_SHARE = 0.05;

interface Recorded {
  sql: string;
  parameters: readonly unknown[];
  /** The `set local` statements its transaction ran before it, applied again to explain it. */
  settings?: readonly string[];
}

/** The statements one call executed, by the scenario that made it. */
type Capture = Map<string, Recorded[]>;

interface PlanWorld {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: Dialect;
  /** At chain scale: the bench's database, read-only scenarios, the strict Seq Scan rule. */
  chain: boolean;
  capture: Capture;
  close(): Promise<void>;
}

/** The bench's generated chain database, used as it is (no schema, migration or seed). */
interface ChainDatabase {
  url: string;
  today: string | undefined;
}

const isStatement = (text: string) => /^\s*(select|insert|update|delete|with)\b/i.test(text);

async function buildWorld(dialect: Dialect, chain?: ChainDatabase): Promise<PlanWorld> {
  const today = chain?.today ?? TEST_TODAY;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-plans-'));
  let recording: Recorded[] | undefined;
  // A transaction's `set local` settings hold until it ends, and change its plans (the
  // comments' newest-first read turns bitmap and sequential scans off, ADR 036): its statements
  // are explained under them. The scenarios call one endpoint at a time, whose transactions
  // are not interleaved with other statements.
  let settings: readonly string[] = [];
  const log = (event: LogEvent) => {
    if (event.level !== 'query') return;
    const text = event.query.sql;
    if (/^\s*(begin|commit|rollback)\b/i.test(text)) settings = [];
    else if (/^\s*set local\b/i.test(text)) settings = [...settings, text];
    else if (recording && isStatement(text)) {
      recording.push({ sql: text, parameters: event.query.parameters, settings });
    }
  };

  let db: Kysely<Database>;
  let dropSchema = async () => {};
  if (chain) {
    const pool = new pg.Pool({ connectionString: chain.url, max: 4 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  } else if (dialect === 'postgres') {
    const schema = `plans_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE SCHEMA ${schema}`);
    dropSchema = () => adminQuery(`DROP SCHEMA ${schema} CASCADE`);
    const pool = new pg.Pool({
      connectionString: PG_URL,
      max: 4,
      options: `-c search_path=${schema}`,
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  } else {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
  }

  if (!chain) {
    await migrateToLatest(db);
    await seedDemoData(db, { today: TEST_TODAY, passwordHash: await hashPassword(DEMO_PASSWORD) });
    await seedVolumeData(db, dialect, { today: TEST_TODAY, ...VOLUME });
    if (dialect === 'postgres') await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  }

  let now = chain ? Date.parse(`${today}T12:00:00.000Z`) : TEST_START.getTime();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webDist: path.join(dataDir, 'web-dist-missing'),
  };
  const app = await buildApp(config, {
    // Nothing cached: every request must reach the database, whose statements are explained.
    database: { db, dialect, changeCounter: () => NEVER_CACHE, close: () => db.destroy() },
    now: () => new Date(now),
    mailer: new CapturingMailer(),
    checkResponses: true,
  });
  await app.ready();

  const capture: Capture = new Map();
  const world: PlanWorld = {
    app,
    db,
    dialect,
    chain: chain !== undefined,
    capture,
    async close() {
      await app.close();
      await db.destroy();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  // ------------------------------------------------------------------------------------------
  // The scenarios: each records what its calls executed.
  const record = async (name: string, calls: () => Promise<void>) => {
    if (chain && !CHAIN_SCENARIOS.includes(name)) return;
    recording = [];
    try {
      await calls();
      capture.set(name, recording);
    } finally {
      recording = undefined;
    }
  };
  const inject = async (
    name: EndpointName,
    options: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      headers?: object;
    },
    cookie?: string,
  ) => {
    const response = await app.inject({
      method: ENDPOINTS[name].method,
      url: apiPath(name, options.params, options.query),
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    if (response.statusCode !== 200) {
      throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    }
    return response;
  };

  let cookie = '';
  let userId = '';
  await record('login', async () => {
    const response = await inject('login', {
      body: { username: 'manager@carevoice.test', password: DEMO_PASSWORD },
    });
    cookie = `cv_session=${responseCookies(response).cv_session}`;
    userId = response.json<{ sf_user_id: string }>().sf_user_id;
  });
  await record('session lookup and idle touch', async () => {
    now += 2 * 60_000; // past the touch interval: `last_seen_at` is written too
    await inject('me', {}, cookie);
  });
  await record('permissions', async () => {
    await inject('permissions', { params: { sfUserId: userId } }, cookie);
  });
  await record('due list', async () => {
    await inject('surveyList', { params: { facilityId: MAPLE, surveyType: 'Admission' } }, cookie);
  });
  await record('due list, dated', async () => {
    const params = {
      facilityId: MAPLE,
      surveyType: 'Discharge',
      startDate: addDays(today, -7),
      endDate: addDays(today, 14),
    };
    await inject('surveyListDated', { params }, cookie);
  });
  await record('unlisted residents', async () => {
    await inject(
      'unlistedResidents',
      { params: { facilityId: MAPLE, searchText: 'ingr' } },
      cookie,
    );
  });
  let questionsJson: unknown;
  await record('questions', async () => {
    const params = { surveyType: 'Admission', facilityId: MAPLE };
    questionsJson = (await inject('questions', { params }, cookie)).json();
  });
  let surveyId = '';
  await record('create survey', async () => {
    const body = {
      facility_id: MAPLE,
      survey_type: 'Admission',
      resident_id: residentId('maple-grove', 45),
      resident_name: 'Shown Name',
      resident_client_id: 'MG-1046',
    };
    surveyId = (await inject('createSurvey', { body }, cookie)).json<{ survey_id: string }>()
      .survey_id;
  });
  const employees = await db
    .selectFrom('employees')
    .select('code')
    .where('facility_id', '=', MAPLE)
    .where('active', '=', 1)
    .orderBy('code')
    .limit(2)
    .execute();
  await record('submission', async () => {
    const questions = QuestionsResponseSchema.parse(questionsJson);
    const body = {
      // A comment no other answer holds, which the comments' search looks up below.
      survey_answer_list: answerRecords(surveyId, answerPath(questions), (index) =>
        index === 0 ? RARE_COMMENT : null,
      ),
      patient_id: surveyId,
      sf_user_id: userId,
      ack_data: employees.map(({ code }) => ({
        id: code,
        name: 'Shown Name',
        position: 'Shown Position',
        department: 'Shown Department',
        comment: 'Very kind.',
      })),
    };
    const headers = { [IDEMPOTENCY_KEY_HEADER]: `plans-${surveyId}` };
    await inject('submitAnswers', { body, headers }, cookie);
    // The same request again: answered from the idempotency record.
    await inject('submitAnswers', { body, headers }, cookie);
  });
  if (chain) {
    // No survey was submitted here: one of the bench's, in the bench user's facility.
    const submitted = await db
      .selectFrom('surveys')
      .select('id')
      .where('facility_id', '=', MAPLE)
      .where('status', '=', 'completed')
      .limit(1)
      .executeTakeFirstOrThrow();
    surveyId = submitted.id;
  }
  await record('fetch answers', async () => {
    await inject('fetchAnswers', { body: { survey_id_list: [surveyId] } }, cookie);
  });
  let reviewId = '';
  await record('acknowledgement list', async () => {
    const response = await inject('acknowledgements', { params: { facilityId: MAPLE } }, cookie);
    const list = response.json<{ reviews: { id: string }[] }[]>();
    reviewId = list[0]?.reviews[0]?.id ?? '';
  });
  await record('acknowledgement decision', async () => {
    const body = { user_id: userId, result: 'Approved', id: reviewId };
    await inject('reviewDecision', { params: { facilityId: MAPLE }, body }, cookie);
  });
  await record('active employees', async () => {
    await inject('activeEmployees', { params: { facilityId: MAPLE } }, cookie);
  });
  await record('survey sets', async () => {
    await inject('surveySets', { params: { facilityId: MAPLE } }, cookie);
  });
  await record('active patients', async () => {
    await inject('activePatients', { params: { facilityId: MAPLE } }, cookie);
  });
  await record('set questions', async () => {
    await inject('setQuestions', { params: { surveySetId: AS_NEEDED_SET } }, cookie);
  });
  await record('culinary employees', async () => {
    await inject('culinaryEmployees', { params: { facilityId: MAPLE } }, cookie);
  });
  // The results dashboard and the alerts inbox (ADR 023), as the manager reads them.
  const year = { from: addDays(today, -365), to: today };
  await record('results summary', async () => {
    await inject('resultsSummary', { query: { facility_id: MAPLE, ...year } }, cookie);
    await inject('resultsSummary', { query: year }, cookie);
  });
  await record('results questions', async () => {
    const query = { facility_id: MAPLE, survey_type: 'Admission', ...year };
    await inject('resultsQuestions', { query }, cookie);
    await inject('resultsQuestions', { query: { survey_type: 'Discharge', ...year } }, cookie);
    await inject('resultsQuestions', { query: { survey_set_id: AS_NEEDED_SET, ...year } }, cookie);
  });
  await record('results survey sets', async () => {
    await inject('resultsSurveySets', { query: {} }, cookie);
  });
  await record('results export', async () => {
    const query = { facility_id: MAPLE, survey_type: 'Admission', ...year };
    await inject('resultsExportCsv', { query }, cookie);
    await inject(
      'resultsExportXlsx',
      { query: { facility_id: MAPLE, survey_type: 'Discharge' } },
      cookie,
    );
  });
  await record('results drill-down and one survey', async () => {
    const query = { facility_id: MAPLE, survey_type: 'Admission', ...year };
    const first = await inject('resultsSurveys', { query }, cookie);
    const page = first.json<{ items: { survey_id: string }[]; next_cursor: string | null }>();
    if (page.next_cursor) {
      await inject('resultsSurveys', { query: { ...query, cursor: page.next_cursor } }, cookie);
    }
    await inject(
      'resultsSurveys',
      { query: { ...query, question_key: 'welcome', option_key: 'not-at-all-welcome' } },
      cookie,
    );
    const one = page.items[0]?.survey_id;
    if (one) await inject('resultsSurvey', { params: { surveyId: one } }, cookie);
  });
  await record('results comments', async () => {
    const query = { facility_id: MAPLE, survey_type: 'Admission', ...year };
    // The first page reads newest first; a search the text index finds in few answers reads
    // those (ADR 036). A common word reads newest first too, as the first page does.
    await inject('resultsComments', { query }, cookie);
    await inject('resultsComments', { query: { ...query, q: 'latch' } }, cookie);
    // Two common words in no comment together: at chain scale the text index gives up (too
    // slow to check a million candidates) and the read goes newest first.
    await inject('resultsComments', { query: { ...query, q: 'tell happy' } }, cookie);
  });
  // The statements inside the answer-count triggers (ADR 034), which Kysely's log never sees:
  // their lookups as plain statements, with the ids of the survey submitted above.
  {
    const mark = (n: number) => (dialect === 'postgres' ? `$${n}` : '?');
    const answer = await db
      .selectFrom('answers')
      .innerJoin('surveys', 'surveys.id', 'answers.survey_id')
      .select([
        'answers.survey_id',
        'answers.question_id',
        'surveys.facility_id',
        'surveys.survey_type',
        'surveys.due_date',
      ])
      .where('answers.survey_id', '=', surveyId)
      .executeTakeFirstOrThrow();
    const key = [
      answer.facility_id,
      '',
      answer.survey_type,
      answer.due_date,
      answer.question_id,
      '',
      '',
    ];
    const keyColumns = (period: string) =>
      ['facility_id', 'survey_set_id', 'survey_type', period, 'question_id', 'answer_key', 'value']
        .map((column, index) => `${column} = ${mark(index + 1)}`)
        .join(' and ');
    capture.set('answer count triggers', [
      {
        sql: `select surveys.facility_id, surveys.survey_set_id, surveys.survey_type, surveys.due_date, questions.type from surveys left join questions on questions.id = ${mark(1)} where surveys.id = ${mark(2)} and surveys.status = 'completed'`,
        parameters: [answer.question_id, answer.survey_id],
      },
      {
        sql: `select answers.question_id, answers.answer_key, questions.type, count(*) from answers left join questions on questions.id = answers.question_id where answers.survey_id = ${mark(1)} group by 1, 2, 3`,
        parameters: [answer.survey_id],
      },
      {
        sql: `select n from answer_counts where ${keyColumns('due_date')}`,
        parameters: key,
      },
      {
        sql: `select n from answer_month_counts where ${keyColumns('due_month')}`,
        parameters: [...key.slice(0, 3), answer.due_date.slice(0, 7), ...key.slice(4)],
      },
    ]);
  }
  // The survey-count triggers (ADR 037) read no table: each statement is an upsert of one
  // survey's count by the primary key, here as the lookup it makes.
  {
    const mark = (n: number) => (dialect === 'postgres' ? `$${n}` : '?');
    const survey = await db
      .selectFrom('surveys')
      .select(['facility_id', 'survey_type', 'due_date', 'status'])
      .where('id', '=', surveyId)
      .executeTakeFirstOrThrow();
    const keyColumns = (period: string) =>
      ['facility_id', 'survey_set_id', 'survey_type', period, 'status', 'days']
        .map((column, index) => `${column} = ${mark(index + 1)}`)
        .join(' and ');
    const key = [survey.facility_id, '', survey.survey_type, survey.due_date, survey.status, 0];
    capture.set('survey count triggers', [
      { sql: `select n from survey_counts where ${keyColumns('due_date')}`, parameters: key },
      {
        sql: `select n from survey_month_counts where ${keyColumns('due_month')}`,
        parameters: [...key.slice(0, 3), survey.due_date.slice(0, 7), ...key.slice(4)],
      },
    ]);
  }
  await record('alerts inbox', async () => {
    await inject('alerts', { query: { status: 'open' } }, cookie);
    await inject('alertCounts', { query: { facility_id: MAPLE } }, cookie);
  });
  // The back office's long lists (DESIGN §8), as an administrator reads them.
  const admin = await inject('login', {
    body: { username: 'admin@carevoice.test', password: DEMO_PASSWORD },
  });
  const adminCookie = `cv_session=${responseCookies(admin).cv_session}`;
  await record('resident list', async () => {
    const params = { facilityId: MAPLE };
    const first = await inject('adminResidents', { params }, adminCookie);
    const cursor = first.json<{ next_cursor: string }>().next_cursor;
    await inject('adminResidents', { params, query: { cursor } }, adminCookie);
    await inject('adminResidents', { params, query: { status: 'active', cursor } }, adminCookie);
  });
  await record('employee list', async () => {
    const params = { facilityId: MAPLE };
    await inject('adminEmployees', { params, query: { active: 'true' } }, adminCookie);
  });
  return world;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Plan checks

/** The full scans of growing tables in a SQLite plan (`EXPLAIN QUERY PLAN` detail lines). */
export function sqliteFullScans(details: readonly string[]): string[] {
  return details.filter((detail) => {
    const table = /^SCAN (\w+)/.exec(detail)?.[1];
    return table !== undefined && (GROWING_TABLES as readonly string[]).includes(table);
  });
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

/**
 * Seq Scans of growing tables expected to return a small share of the table, and any Seq Scan
 * of the `strict` tables.
 */
function pgSeqScanProblems(
  plan: PgPlanNode,
  tableRows: Map<string, number>,
  strict: readonly string[] = [],
): string[] {
  const found: string[] = [];
  const walk = (node: PgPlanNode) => {
    const table = node['Relation Name'];
    if (
      node['Node Type'] === 'Seq Scan' &&
      table !== undefined &&
      (GROWING_TABLES as readonly string[]).includes(table)
    ) {
      const rows = tableRows.get(table) ?? 0;
      const share = rows === 0 ? 1 : (node['Plan Rows'] ?? 0) / rows;
      if (strict.includes(table) || (rows > 1000 && share < PG_SELECTIVE_SHARE)) {
        found.push(`Seq Scan on ${table}: ~${node['Plan Rows']} of ${rows} rows`);
      }
    }
    node.Plans?.forEach(walk);
  };
  walk(plan);
  return found;
}

/** Index scans of growing tables without a condition: every entry of the index, read in order. */
function pgWholeIndexScans(plan: PgPlanNode): string[] {
  const found: string[] = [];
  const walk = (node: PgPlanNode) => {
    const table = node['Relation Name'];
    if (
      node['Node Type'].startsWith('Index') &&
      node['Index Cond'] === undefined &&
      table !== undefined &&
      (GROWING_TABLES as readonly string[]).includes(table)
    ) {
      found.push(`${node['Node Type']} of all of ${node['Index Name']} on ${table}`);
    }
    node.Plans?.forEach(walk);
  };
  walk(plan);
  return found;
}

/** How a PostgreSQL plan reads its tables: `Index Only Scan surveys (surveys_results_idx)`, … */
function pgScans(plan: PgPlanNode): string[] {
  const scans: string[] = [];
  const walk = (node: PgPlanNode) => {
    const table = node['Relation Name'];
    if (table !== undefined) {
      const index = node['Index Name'] ? ` (${node['Index Name']})` : '';
      scans.push(`${node['Node Type']} ${table}${index}`);
    } else if (node['Node Type'] === 'Bitmap Index Scan' && node['Index Name']) {
      scans.push(`Bitmap Index Scan (${node['Index Name']})`);
    }
    node.Plans?.forEach(walk);
  };
  walk(plan);
  return scans;
}

async function explain(
  world: PlanWorld,
  statement: Recorded,
  { seqScanOff = false } = {},
): Promise<string[]> {
  if (world.dialect === 'sqlite') {
    const { rows } = await world.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((row) => row.detail);
  }
  const { rows } = await world.db.transaction().execute(async (trx) => {
    for (const setting of statement.settings ?? []) {
      await trx.executeQuery(CompiledQuery.raw(setting));
    }
    if (seqScanOff) await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
    return trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlanNode }] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
    );
  });
  return [JSON.stringify(rows[0]?.['QUERY PLAN'][0].Plan)];
}

async function tableRowCounts(world: PlanWorld): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of GROWING_TABLES) {
    const row = await world.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts.set(table, Number(row.count));
  }
  return counts;
}

/** Every problem of every recorded statement, worded for a person reading a failed test. */
async function planProblems(world: PlanWorld): Promise<string[]> {
  const problems: string[] = [];
  const rows = world.dialect === 'postgres' ? await tableRowCounts(world) : new Map();
  for (const [scenario, statements] of world.capture) {
    const seen = new Set<string>();
    for (const statement of statements) {
      if (seen.has(statement.sql)) continue;
      seen.add(statement.sql);
      const plan = await explain(world, statement);
      const pgPlan =
        world.dialect === 'postgres' ? (JSON.parse(plan[0] ?? '{}') as PgPlanNode) : undefined;
      let scans = pgPlan
        ? pgSeqScanProblems(pgPlan, rows, world.chain ? CHAIN_TABLES : [])
        : sqliteFullScans(plan);
      if (scans.length > 0 && pgPlan && !world.chain) {
        // At the test's scale reading a small table can be cheaper than an index the statement
        // would use at volume (pg_trgm's GIN, ADR 036). A second opinion with sequential scans
        // priced out: a selective Seq Scan is a problem only when no index reaches the table.
        const [forced] = await explain(world, statement, { seqScanOff: true });
        const forcedPlan = JSON.parse(forced ?? '{}') as PgPlanNode;
        scans = [...pgSeqScanProblems(forcedPlan, rows), ...pgWholeIndexScans(forcedPlan)];
      }
      if (world.chain && pgPlan) {
        // The findings, for docs/performance.md: how each statement reads its tables.
        process.stdout.write(`${scenario}: ${pgScans(pgPlan).join(', ') || 'no table'}\n`);
      }
      if (scans.length > 0) {
        problems.push(
          [
            `${scenario}: ${scans.join('; ')}`,
            `  SQL:  ${statement.sql}`,
            ...(pgPlan
              ? [`  plan: ${pgScans(pgPlan).join(', ')}`]
              : plan.map((line) => `  plan: ${line}`)),
          ].join('\n'),
        );
      }
    }
  }
  return problems;
}

const SCENARIOS = [
  'login',
  'session lookup and idle touch',
  'permissions',
  'due list',
  'due list, dated',
  'unlisted residents',
  'questions',
  'create survey',
  'submission',
  'fetch answers',
  'acknowledgement list',
  'acknowledgement decision',
  'active employees',
  'survey sets',
  'active patients',
  'set questions',
  'culinary employees',
  'results summary',
  'results questions',
  'results survey sets',
  'results export',
  'results drill-down and one survey',
  'results comments',
  'answer count triggers',
  'survey count triggers',
  'alerts inbox',
  'resident list',
  'employee list',
];

function planTests(dialect: Dialect) {
  let world: PlanWorld | undefined;
  beforeAll(async () => {
    world = await buildWorld(dialect);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('records the statements of every hot endpoint', () => {
    const capture = (world as PlanWorld).capture;
    expect([...capture.keys()]).toEqual(SCENARIOS);
    for (const [scenario, statements] of capture) {
      expect(statements.length, `${scenario} executed no statement`).toBeGreaterThan(0);
    }
  });

  it('uses an index for every lookup of a growing table (no full scan)', async () => {
    const problems = await planProblems(world as PlanWorld);
    expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([]);
  });

  // The due list states the open statuses literally: with bound parameters SQLite cannot match
  // the partial index's WHERE and falls back to probing every active resident (ADR 009).
  if (dialect === 'sqlite') {
    it('reads the due list from the partial index of open surveys', async () => {
      const current = world as PlanWorld;
      for (const scenario of ['due list', 'due list, dated']) {
        const statements = current.capture.get(scenario) ?? [];
        const plans = await Promise.all(statements.map((statement) => explain(current, statement)));
        expect(plans.flat().join('\n'), scenario).toMatch(
          /SEARCH surveys USING COVERING INDEX surveys_open_list_idx/,
        );
      }
    });

    // An export reads every answer of its surveys: from the index alone (ADR 057).
    it('reads the answers of an export from the covering index', async () => {
      const current = world as PlanWorld;
      const statements = current.capture.get('results export') ?? [];
      const plans = await Promise.all(statements.map((statement) => explain(current, statement)));
      expect(plans.flat().join('\n')).toMatch(
        /SEARCH answers USING COVERING INDEX answers_survey_export_idx \(survey_id=\?\)/,
      );
    });
  }

  // Last: it changes the schema of this world.
  it('names the scenario, the table and the SQL when an index is missing', async () => {
    // Both indexes that reach answers by survey (the results' one leads with the question).
    await (world as PlanWorld).db.schema
      .dropIndex(dialect === 'sqlite' ? 'answers_survey_export_idx' : 'answers_survey_idx')
      .execute();
    await (world as PlanWorld).db.schema.dropIndex('answers_question_idx').execute();
    const problems = await planProblems(world as PlanWorld);
    expect(problems.join('\n')).toMatch(
      /^fetch answers: .*\banswers\b.*\n {2}SQL: {2}select .* from "answers"/m,
    );
  });
}

describe('query plans of the hot endpoints [sqlite]', () => {
  planTests('sqlite');

  it('the check itself flags a full scan and a scan of a whole index', () => {
    expect(sqliteFullScans(['SCAN residents'])).toHaveLength(1);
    expect(sqliteFullScans(['SCAN surveys USING INDEX surveys_resident_idx'])).toHaveLength(1);
    expect(
      sqliteFullScans(['SEARCH residents USING INDEX residents_facility_list_idx (facility_id=?)']),
    ).toHaveLength(0);
    expect(sqliteFullScans(['SCAN facilities'])).toHaveLength(0);
  });

  it('the PostgreSQL check flags a selective Seq Scan, and at chain scale any of a chain table', () => {
    const scan = (rows: number) => ({
      'Node Type': 'Seq Scan',
      'Relation Name': 'surveys',
      'Plan Rows': rows,
    });
    const tableRows = new Map([['surveys', 1_000_000]]);
    expect(pgSeqScanProblems(scan(100), tableRows)).toHaveLength(1);
    expect(pgSeqScanProblems(scan(400_000), tableRows)).toHaveLength(0);
    expect(pgSeqScanProblems(scan(400_000), tableRows, CHAIN_TABLES)).toHaveLength(1);
    const facilities = { ...scan(400), 'Relation Name': 'facilities' };
    expect(pgSeqScanProblems(facilities, tableRows, CHAIN_TABLES)).toHaveLength(0);
  });
});

describe.skipIf(!PG_URL)(
  PG_URL
    ? 'query plans of the hot endpoints [postgres]'
    : 'query plans of the hot endpoints [postgres] — skipped: TEST_DATABASE_URL is not set',
  () => planTests('postgres'),
);

describe.skipIf(!CHAIN)(
  CHAIN
    ? 'query plans at chain scale [postgres]'
    : 'query plans at chain scale [postgres] — skipped: CHAIN_PLANS_DATABASE_URL is not set (npm run bench -- --chain --explain sets it)',
  () => {
    let world: PlanWorld | undefined;
    beforeAll(async () => {
      world = await buildWorld('postgres', CHAIN);
    }, 300_000);
    afterAll(async () => {
      await world?.close();
    });

    it('records the statements of every read the bench measures', () => {
      const capture = (world as PlanWorld).capture;
      expect([...capture.keys()]).toEqual(CHAIN_SCENARIOS);
      for (const [scenario, statements] of capture) {
        expect(statements.length, `${scenario} executed no statement`).toBeGreaterThan(0);
      }
    });

    it('never reads surveys, answers, residents or acknowledgements whole on a hot path', async () => {
      const problems = await planProblems(world as PlanWorld);
      expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([]);
    }, 300_000);
  },
);
