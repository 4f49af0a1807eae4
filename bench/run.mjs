#!/usr/bin/env node
/**
 * `npm run bench`: API load benchmark of the production build against a large generated database
 * (docs/performance.md, "Server: API load").
 *
 *   npm run bench -- [--residents 3000] [--surveys 100000] [--duration 12] [--rounds 3]
 *                    [--connections 50] [--warmup 1] [--only due-list,submission] [--cpu-prof DIR]
 *                    [--keep] [--no-scale]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   DATABASE_URL=… npm run bench -- --chain [--explain] [--chain-facilities 500]
 *                    [--chain-residents 50000] [--chain-surveys 1430000] [other options as above]
 *
 * `--chain` (PostgreSQL only; refused on SQLite with a message): after the volume data, a chain
 * of facilities around the three demo ones (apps/server/src/db/seed/chain.ts, set-based SQL):
 * 500 facilities with the standard questionnaires and 25 employees each, 50,000 residents,
 * 1,430,000 past surveys with about 10,000,000 answers, acknowledgements, and open surveys,
 * counting what is there already. The bench user (the manager) keeps the three demo facilities, so the
 * rows measure the same lists as without `--chain`, now inside a database 10 times larger.
 * Each table's rows and seconds are printed; results go to bench/results/chain-postgres.json.
 * `--explain` then runs the chain-scale EXPLAIN guard (the `query plans at chain scale` test in
 * apps/server/src/test/query-plans.test.ts) on that database before the load: a Seq Scan of
 * surveys, answers, residents or acknowledgements on a hot path fails the run (exit code 1).
 *
 * 1. Builds packages/shared and apps/server when their dist is missing or older than the source.
 * 2. Generates the dataset into a temporary database: SQLite in a temporary DATA_DIR, or with
 *    DATABASE_URL a fresh PostgreSQL schema `bench_<random>` (dropped at the end; `--keep`
 *    keeps it, or the SQLite DATA_DIR, and prints where, to look into a plan later). The server's
 *    own migrations and demo seed come first (accounts, facilities, questionnaires, employees),
 *    then apps/server/src/db/seed/volume.ts adds residents per facility, past surveys with their
 *    answers and acknowledgements, and open surveys (built into dist/db/seed/volume.js).
 * 3. Starts `apps/server/dist/main.js` on a free port (NODE_ENV=production, LOG_LEVEL at its
 *    production default `info` unless LOG_LEVEL is set, logs to /dev/null) and, in a process of
 *    its own, a bare Fastify hello-world on another port.
 * 4. Runs autocannon, in a process of its own (bench/cannon.mjs), against each endpoint in turn,
 *    with the session cookie (same connections, after a warm-up). On a shared machine the speed of the same code drifts by a quarter within
 *    minutes, so each endpoint is measured in rounds that alternate with the hello-world
 *    (hello, endpoint, hello, endpoint, …, hello; a hello-world run lasts half a round): a
 *    round's share is the endpoint's req/s against the mean of the two hello-world runs beside
 *    it, and the row is the round with the median share. Answers are requested uncompressed (no `Accept-Encoding`), as autocannon
 *    does by default: it decodes every body as UTF-8 text, which costs it several times more
 *    for compressed (binary) bodies than for JSON and would make the client, on the same two
 *    cores, the bottleneck; one row measures the due list as browsers get it (Brotli).
 * 5. Prints a table and writes bench/results/server-sqlite.json or server-postgres.json (with
 *    `--chain`: chain-postgres.json, with the generation's steps). Besides
 *    req/s and latency, each row has the CPU time the server used per request over all its
 *    rounds (Linux /proc).
 * 6. Runs the suite's scale checks at full size (`npm run test:scale`; `--no-scale` skips them):
 *    `npm test` runs the same assertions on small data (ADR 058).
 *
 * Exit code 1 when a request failed or a scale check failed (non-2xx or socket error); targets missed are reported, not
 * failed, because absolute numbers depend on the machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCannon } from './cannon.mjs';
import { cpuMs, freePort, waitFor } from './process.mjs';
import { dist, ensureBuild, pgAdmin, requireFromServer, root, startServer } from './server.mjs';

const API = '/api/v1/users';

/** Submissions per second the pool of open surveys is sized for (capped by the residents). */
const POOL_RATE = 2000;

const TARGETS = {
  dueListShare: 0.4,
  questionsShare: 0.5,
  submissionsPerSecond: 300,
  getP99Ms: 25,
  /** Results (issue 16): dashboard calls' p95, and export rows per second on 100k surveys. */
  resultsDashboardMs: 150,
  resultsExportRowsPerSecond: 20_000,
};

// ---------------------------------------------------------------------------------------------
// Options and helpers

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = process.argv[index + 1];
  if (value === undefined) throw new Error(`--${name} needs a value`);
  return value;
}

function intFlag(name, fallback) {
  const value = Number(flag(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const options = {
  chain: process.argv.includes('--chain'),
  keep: process.argv.includes('--keep'),
  explain: process.argv.includes('--explain'),
  /** Skip the suite's scale checks at full size (`npm run test:scale`, ADR 058). */
  noScale: process.argv.includes('--no-scale'),
  chainFacilities: intFlag('chain-facilities', 500),
  chainResidents: intFlag('chain-residents', 50_000),
  chainSurveys: intFlag('chain-surveys', 1_430_000),
  residents: intFlag('residents', 3000),
  surveys: intFlag('surveys', 100_000),
  /** Seconds measured per endpoint, split over the rounds. */
  duration: intFlag('duration', 12),
  rounds: intFlag('rounds', 3),
  connections: intFlag('connections', 50),
  /** Seconds of warm-up before every measured run. */
  warmup: intFlag('warmup', 1),
  /** Folder for a V8 CPU profile of the server (`node --cpu-prof`), written when it stops. */
  cpuProf: flag('cpu-prof', ''),
  only: flag('only', '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
};

/** The results dashboard's calls, whose p97.5 the dashboard target holds (issue 16). */
const DASHBOARD_ROWS = [
  'results summary',
  'results questions',
  'results surveys',
  'results comments',
];

/** The rows of the table, in order; `--only` takes their names with dashes. */
const BENCH_NAMES = [
  'login',
  'current user',
  'permissions',
  'due list',
  'due list, Bearer',
  'due list, Brotli',
  'due list, dated',
  'unlisted search',
  'questions',
  'employees',
  'acknowledgements',
  'fetch answers',
  'active patients',
  'submission',
  'results summary',
  'results questions',
  'results surveys',
  'results comments',
];
const slug = (name) => name.replaceAll(/[ ,()]+/g, '-').replace(/-$/, '');
const unknownOnly = options.only.filter(
  (name) => name !== 'results-export' && !BENCH_NAMES.map(slug).includes(name),
);
if (unknownOnly.length > 0) {
  console.error(`--only ${unknownOnly.join(',')}: choose from ${BENCH_NAMES.map(slug).join(', ')}`);
  process.exit(2);
}
if ((options.chain || options.explain) && !process.env.DATABASE_URL) {
  console.error(
    '--chain and --explain need PostgreSQL: set DATABASE_URL=postgres://… (a chain of 500 ' +
      'facilities is generated with set-based SQL there; on SQLite use --residents/--surveys)',
  );
  process.exit(2);
}
if (options.explain && !options.chain) {
  console.error('--explain checks the plans at chain scale: use it with --chain');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// The database

/** A PostgreSQL URL whose connections use `schema` (libpq `options`, read by node-postgres). */
function withSearchPath(url, schema) {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function createDatabase(dataDir, today) {
  const { connect } = await dist('db/connect.js');
  const { migrateToLatest } = await dist('db/migrate.js');
  const { seedDemoData } = await dist('db/seed/demo.js');
  const { seedVolumeData } = await dist('db/seed/volume.js');
  const { seedChainData } = await dist('db/seed/chain.js');
  const { hashPassword } = await dist('lib/crypto.js');
  const { DEMO_PASSWORD } = await dist('constants.js');

  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl;
  let drop = async () => {};
  if (adminUrl) {
    const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
    await pgAdmin(adminUrl, `CREATE SCHEMA ${schema}`);
    databaseUrl = withSearchPath(adminUrl, schema);
    drop = () => pgAdmin(adminUrl, `DROP SCHEMA ${schema} CASCADE`);
  }
  const open = () => connect({ databaseUrl, sqliteFile: path.join(dataDir, 'carevoice.sqlite') });
  const handle = open();
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { today, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const demoFacilityIds = (
      await handle.db.selectFrom('facilities').select('id').orderBy('id').execute()
    ).map((row) => row.id);
    let summary = await seedVolumeData(handle.db, handle.dialect, {
      today,
      residentsPerFacility: options.residents,
      pastSurveys: options.surveys,
    });
    if (options.chain) {
      console.log(
        `  volume: ${summary.residents} residents, ${summary.pastSurveys} past surveys, ` +
          `${summary.answers} answers in ${(summary.ms / 1000).toFixed(1)} s; then the chain:`,
      );
      const chain = await seedChainData(handle.db, handle.dialect, {
        today,
        facilities: options.chainFacilities,
        residents: options.chainResidents,
        surveys: options.chainSurveys,
        onProgress: (step) =>
          console.log(
            `  ${step.step.padEnd(30)} ${String(step.rows).padStart(10)} rows ${(step.ms / 1000).toFixed(1).padStart(7)} s`,
          ),
      });
      summary = { ...chain, volumeMs: summary.ms };
    }
    if (handle.dialect === 'postgres') {
      // What autovacuum would have done by the time a real database holds this much: the
      // visibility map (index-only scans) and the planner's statistics. Only this schema's
      // tables; other schemas in the database are not the bench's.
      const { sql } = requireFromServer('kysely');
      const vacuumStarted = Date.now();
      const { rows: tables } = await sql`
        select tablename from pg_tables where schemaname = current_schema()`.execute(handle.db);
      await sql`VACUUM ANALYZE ${sql.join(tables.map((row) => sql.id(row.tablename)))}`.execute(
        handle.db,
      );
      if (options.chain) {
        const step = { step: 'VACUUM ANALYZE', rows: 0, ms: Date.now() - vacuumStarted };
        summary.steps.push(step);
        console.log(
          `  ${step.step.padEnd(30)} ${''.padStart(15)} ${(step.ms / 1000).toFixed(1).padStart(7)} s`,
        );
      }
    }
    const completed = await handle.db
      .selectFrom('surveys')
      .select('id')
      .where('status', '=', 'completed')
      // The bench user's facilities (the demo's three; with --chain, not the chain's).
      .where('facility_id', 'in', demoFacilityIds)
      .orderBy('id')
      .limit(5000)
      .execute();
    return {
      dialect: handle.dialect,
      databaseUrl,
      summary,
      completedSurveyIds: completed.map((row) => row.id),
      open,
      drop,
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

function startHelloWorld(port) {
  return spawn(process.execPath, [path.join(root, 'bench/hello-world.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// ---------------------------------------------------------------------------------------------
// Calls

async function api(base, method, apiPath, { cookie, body } = {}) {
  const response = await fetch(`${base}${API}/${apiPath}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  }
  return response;
}

async function signIn(base, email) {
  const response = await api(base, 'POST', 'sf-login/', {
    body: { username: email, password: 'carevoice-demo' },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('cv_session='));
  return { cookie, profile: await response.json() };
}

/** Rotates through `paths` (one GET each). */
const gets = (paths) => paths.map((apiPath) => ({ method: 'GET', path: `${API}/${apiPath}` }));

/** The answers of a survey as a tablet sends them, from the shared branching engine. */
function answerBody(questions, surveyId, userId, employeeCode, answerPathFor, random) {
  return {
    survey_answer_list: answerPathFor(questions, random).map((entry) => ({
      Patient_Survey__c: surveyId,
      Survey_Question__c: entry.questionId,
      Answer__c: entry.answer,
      Comment__c: null,
    })),
    patient_id: surveyId,
    sf_user_id: userId,
    ack_data: [
      {
        id: employeeCode,
        name: 'Shown Name',
        position: 'Shown Position',
        department: 'Shown Department',
        comment: 'Took the time to listen and helped every day.',
      },
    ],
  };
}

function summarise(name, target, result, extra = {}) {
  const errors = result.non2xx + result.errors;
  return {
    name,
    target,
    requests_per_s: Math.round(result.requests.average),
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
      average: Math.round(result.latency.average * 100) / 100,
    },
    requests: result.requests.total,
    errors,
    non_2xx: result.non2xx,
    socket_errors: result.errors,
    timeouts: result.timeouts,
    duration_s: result.duration,
    throughput_kb_per_s: Math.round(result.throughput.average / 1024),
    ...extra,
  };
}

/** autocannon options for one run: the bench's connections and warm-up, then `opts`. */
function cannonOptions(opts) {
  return {
    connections: options.connections,
    duration: options.duration,
    ...(options.warmup > 0
      ? { warmup: { connections: options.connections, duration: options.warmup } }
      : {}),
    ...opts,
  };
}

// ---------------------------------------------------------------------------------------------
// Main

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

function printTable(rows) {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'hello req/s',
    'vs hello',
    'CPU µs/req',
  ];
  const lines = rows.map((row) => [
    row.name,
    String(row.requests_per_s),
    String(row.latency_ms.p50),
    String(row.latency_ms.p99),
    String(row.errors),
    String(row.hello_world_requests_per_s),
    `${Math.round(row.share_of_hello_world * 100)} %`,
    String(row.server_cpu_us_per_request ?? '—'),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
}

async function main() {
  ensureBuild();
  const { addDays, localToday } = await dist('db/values.js');
  const { addOpenSurveys, answerPathFor } = await dist('db/seed/volume.js');
  const { Random } = await dist('db/seed/demo.js');
  const today = localToday();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-bench-'));
  const children = [];
  let cannon;
  let database;
  const loadBefore = os.loadavg();
  try {
    console.log(
      `▶ generating ${options.residents} residents per facility and ${options.surveys} past surveys` +
        (options.chain
          ? `, then a chain of ${options.chainFacilities} facilities, ${options.chainResidents} residents ` +
            `and ${options.chainSurveys} past surveys in all,`
          : '') +
        (process.env.DATABASE_URL ? ' into a fresh PostgreSQL schema' : ' into SQLite'),
    );
    const started = Date.now();
    database = await createDatabase(dataDir, today);
    const { summary } = database;
    console.log(
      `  ${options.chain ? `${summary.facilities} facilities, ` : ''}` +
        `${summary.residents} residents, ${summary.pastSurveys} past surveys, ${summary.answers} answers, ` +
        `${summary.acknowledgements} acknowledgements (${summary.pendingAcknowledgements} pending), ` +
        `${summary.openSurveys} open surveys in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const generationSeconds = Math.round((Date.now() - started) / 100) / 10;

    let explainGuard;
    if (options.explain) {
      console.log(
        '▶ EXPLAIN guard at chain scale (query-plans.test.ts, "query plans at chain scale")',
      );
      const guardStarted = Date.now();
      const result = spawnSync(
        'npx',
        ['vitest', 'run', '--project', 'server', 'query-plans', '-t', 'at chain scale'],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            CHAIN_PLANS_DATABASE_URL: database.databaseUrl,
            CHAIN_PLANS_TODAY: today,
          },
        },
      );
      explainGuard = {
        passed: result.status === 0,
        seconds: Math.round((Date.now() - guardStarted) / 100) / 10,
      };
      console.log(`  EXPLAIN guard ${explainGuard.passed ? 'passed' : 'FAILED'}\n`);
      if (!explainGuard.passed) process.exitCode = 1;
    }

    const [port, helloPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const helloBase = `http://127.0.0.1:${helloPort}`;
    const server = startServer(port, dataDir, {
      databaseUrl: database.databaseUrl,
      nodeArgs: options.cpuProf
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProf)}`]
        : [],
    });
    children.push(server);
    const hello = startHelloWorld(helloPort);
    children.push(hello);
    await waitFor(`${base}/healthz`, server);
    await waitFor(`${helloBase}/`, hello);
    cannon = startCannon();

    const manager = await signIn(base, 'manager@carevoice.test');
    const userId = manager.profile.sf_user_id;
    const { facilities } = await (
      await api(base, 'GET', `facility/permission/${userId}/`, { cookie: manager.cookie })
    ).json();
    const facilityIds = facilities.map((facility) => facility.id);
    const types = ['Admission', 'Discharge'];
    const everyList = facilityIds.flatMap((id) => types.map((type) => [id, type]));
    const headers = { cookie: manager.cookie };
    /** What Chrome adds: the server answers with Brotli. */
    const browserHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const from = addDays(today, -7);
    const to = addDays(today, 21);

    // Per facility and type: the questions, an active employee to acknowledge.
    const questionsOf = new Map();
    const employeeOf = new Map();
    for (const [facilityId, type] of everyList) {
      const response = await api(base, 'GET', `survey-questions/${type}/${facilityId}/`, headers);
      questionsOf.set(`${facilityId}/${type}`, await response.json());
    }
    for (const facilityId of facilityIds) {
      const departments = await (
        await api(base, 'GET', `active/employee/${facilityId}/`, headers)
      ).json();
      const first = Object.values(Object.values(departments)[0])[0][0];
      employeeOf.set(facilityId, first.slice(first.lastIndexOf('-') + 1));
    }
    const listLengths = [];
    for (const [facilityId, type] of everyList) {
      const response = await api(base, 'GET', `facility-survey-patients/${facilityId}/${type}/`, {
        cookie: manager.cookie,
      });
      listLengths.push((await response.json()).survey_list.length);
    }
    console.log(
      `  due lists hold ${Math.min(...listLengths)}–${Math.max(...listLengths)} surveys; ` +
        `${options.connections} connections; per endpoint ${options.rounds} rounds of ${Math.max(1, Math.round(options.duration / options.rounds))} s ` +
        `(after ${options.warmup} s warm-up each), alternating with the hello-world\n`,
    );

    // One submitted survey per request, in turn (a feed of the load client, bench/cannon.mjs).
    await cannon.load(
      'completed',
      database.completedSurveyIds.map((id) => JSON.stringify({ survey_id_list: [id] })),
    );
    const accounts = [
      'manager@carevoice.test',
      'staff@carevoice.test',
      'admin@carevoice.test',
      'preview@carevoice.test',
    ];

    const helloBench = {
      name: 'hello world',
      target: 'GET / (bare Fastify, own process)',
      url: helloBase,
      opts: {},
    };
    const benches = [
      {
        name: 'login',
        target: 'POST sf-login/ (argon2id verify; 4 accounts in turn)',
        opts: {
          requests: accounts.map((email) => ({
            method: 'POST',
            path: `${API}/sf-login/`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: email, password: 'carevoice-demo' }),
          })),
        },
      },
      {
        name: 'current user',
        target: 'GET me/ (the authenticated floor: session lookup, nothing else)',
        opts: { headers, requests: gets(['me/']) },
      },
      {
        name: 'permissions',
        target: 'GET facility/permission/{user}/',
        opts: { headers, requests: gets([`facility/permission/${userId}/`]) },
      },
      {
        name: 'due list',
        target: 'GET facility-survey-patients/{facility}/{type}/ (3 facilities × 2 types)',
        opts: {
          headers,
          requests: gets(everyList.map(([id, type]) => `facility-survey-patients/${id}/${type}/`)),
        },
      },
      {
        // API clients (DESIGN §3): the same list with `Authorization: Bearer <jwt_access>`
        // instead of the session cookie; the session behind the token is checked as for a cookie.
        name: 'due list, Bearer',
        target: 'GET facility-survey-patients/{facility}/{type}/ with Authorization: Bearer',
        opts: {
          headers: { authorization: `Bearer ${manager.profile.jwt_access}` },
          requests: gets(everyList.map(([id, type]) => `facility-survey-patients/${id}/${type}/`)),
        },
      },
      {
        name: 'due list, Brotli',
        target: 'GET facility-survey-patients/{facility}/{type}/ with a browser’s Accept-Encoding',
        opts: {
          headers: browserHeaders,
          requests: gets(everyList.map(([id, type]) => `facility-survey-patients/${id}/${type}/`)),
        },
      },
      {
        name: 'due list, dated',
        target: `GET facility-survey-patients/{facility}/{type}/${from}/${to}/`,
        opts: {
          headers,
          requests: gets(
            everyList.map(([id, type]) => `facility-survey-patients/${id}/${type}/${from}/${to}/`),
          ),
        },
      },
      {
        name: 'unlisted search',
        target: 'GET get-unlisted-patients/{facility}/{text}/',
        opts: {
          headers,
          requests: gets(
            facilityIds.flatMap((id) =>
              ['ingr', 'hart', 'ruth', 'ellison'].map(
                (text) => `get-unlisted-patients/${id}/${text}/`,
              ),
            ),
          ),
        },
      },
      {
        name: 'questions',
        target: 'GET survey-questions/{type}/{facility}/',
        opts: {
          headers,
          requests: gets(everyList.map(([id, type]) => `survey-questions/${type}/${id}/`)),
        },
      },
      {
        name: 'employees',
        target: 'GET active/employee/{facility}/ (active employees by department)',
        opts: { headers, requests: gets(facilityIds.map((id) => `active/employee/${id}/`)) },
      },
      {
        name: 'acknowledgements',
        target: 'GET acknowledgement-employee-list/{facility}/ (pending reviews)',
        opts: {
          headers,
          requests: gets(facilityIds.map((id) => `acknowledgement-employee-list/${id}/`)),
        },
      },
      {
        name: 'fetch answers',
        target: 'POST fetch-question-answers/ (one random submitted survey each)',
        opts: { headers },
        feed: {
          name: 'completed',
          method: 'POST',
          path: `${API}/fetch-question-answers/`,
          start: 0,
          cycle: true,
        },
      },
      {
        name: 'active patients',
        target: 'GET active-patients/{facility}/ (every active resident)',
        opts: { headers, requests: gets(facilityIds.map((id) => `active-patients/${id}/`)) },
      },
      {
        name: 'submission',
        target: 'POST survey-answers/ (a new open survey and Idempotency-Key each)',
        submission: true,
      },
      {
        // The results dashboard (ADR 023): the figures of a year, all facilities and each one.
        name: 'results summary',
        target: 'GET results/summary/ (365 days; all facilities, then each)',
        opts: {
          headers,
          requests: ['', ...facilityIds.map((id) => `&facility_id=${id}`)].map((facility) => ({
            method: 'GET',
            path: `/api/v1/results/summary/?from=${addDays(today, -365)}${facility}`,
          })),
        },
      },
      {
        name: 'results questions',
        target: 'GET results/questions/ (365 days, Admission and Discharge, all facilities)',
        opts: {
          headers,
          requests: types.map((type) => ({
            method: 'GET',
            path: `/api/v1/results/questions/?from=${addDays(today, -365)}&survey_type=${type}`,
          })),
        },
      },
      {
        // The drill-down behind a figure: the first page of the period's surveys.
        name: 'results surveys',
        target: 'GET results/surveys/ (365 days, each type, completed and not completable)',
        opts: {
          headers,
          requests: types.flatMap((type) =>
            ['completed', 'not_completable'].map((status) => ({
              method: 'GET',
              path: `/api/v1/results/surveys/?from=${addDays(today, -365)}&survey_type=${type}&status=${status}`,
            })),
          ),
        },
      },
      {
        // The comments and text answers: the first page, a search no answer holds (the text
        // index finds none) and one a sixth of the text answers hold (read newest first).
        name: 'results comments',
        target: 'GET results/comments/ (365 days, each type, all, searched rare and common)',
        opts: {
          headers,
          requests: types.flatMap((type) =>
            ['', '&q=staff', '&q=kind'].map((search) => ({
              method: 'GET',
              path: `/api/v1/results/comments/?from=${addDays(today, -365)}&survey_type=${type}${search}`,
            })),
          ),
        },
      },
    ];
    if (benches.some((bench, index) => bench.name !== BENCH_NAMES[index])) {
      throw new Error('bench/run.mjs: BENCH_NAMES does not match the benches');
    }
    const selected = benches.filter(
      (bench) => options.only.length === 0 || options.only.includes(slug(bench.name)),
    );

    /** One autocannon run against the server or the hello-world, with the CPU it used. */
    function measure(bench, opts, seconds, feed) {
      return cannon.run(
        cannonOptions({ url: bench.url ?? base, duration: seconds, ...opts }),
        feed,
        (bench.url ? hello : server).pid,
      );
    }

    const rows = [];
    const helloRuns = [];
    const roundSeconds = Math.max(1, Math.round(options.duration / options.rounds));
    // The hello-world's rate is steady within a run; half as long is enough.
    const helloSeconds = Math.max(1, Math.round(roundSeconds / 2));
    for (const bench of selected) {
      let opts = bench.opts;
      let feed = bench.feed;
      let exhausted = false;
      let poolInfo = () => ({});
      if (bench.submission) {
        // One real open survey per request, created now so they never inflate the due lists.
        const wanted = (options.duration + options.warmup * options.rounds) * POOL_RATE;
        const handle = database.open();
        let pool;
        try {
          pool = await addOpenSurveys(handle.db, handle.dialect, {
            count: wanted,
            today,
            // The bench user's facilities: a chain facility's survey would be refused (403).
            facilityIds,
          });
        } finally {
          await handle.close();
        }
        const random = new Random('bench-submissions');
        await cannon.load(
          'submissions',
          pool.map((survey) =>
            JSON.stringify(
              answerBody(
                questionsOf.get(`${survey.facilityId}/${survey.surveyType}`),
                survey.id,
                userId,
                employeeOf.get(survey.facilityId),
                answerPathFor,
                random,
              ),
            ),
          ),
        );
        opts = { headers };
        feed = {
          name: 'submissions',
          method: 'POST',
          path: `${API}/survey-answers/`,
          start: 0,
          idempotencyKey: true,
          // Never reached at the sizes above; the run stops rather than send a request that fails.
          fallbackPath: `${API}/me/`,
        };
        poolInfo = () => ({ pool: pool.length, pool_used: feed.start, pool_exhausted: exhausted });
      }
      process.stdout.write(`▶ ${bench.name} … `);
      let helloBefore = (await measure(helloBench, {}, helloSeconds)).result;
      helloRuns.push(Math.round(helloBefore.requests.average));
      const rounds = [];
      for (let round = 0; round < options.rounds; round++) {
        const run = await measure(bench, opts, roundSeconds, feed);
        // The next round goes on where this one stopped in the feed's bodies.
        if (feed) feed = { ...feed, start: run.next };
        exhausted ||= run.exhausted;
        const helloAfter = (await measure(helloBench, {}, helloSeconds)).result;
        helloRuns.push(Math.round(helloAfter.requests.average));
        const helloRate = (helloBefore.requests.average + helloAfter.requests.average) / 2;
        rounds.push({ ...run, helloRate, share: run.result.requests.average / helloRate });
        helloBefore = helloAfter;
      }
      const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(rounds.length / 2)];
      const served = rounds.reduce((sum, run) => sum + run.served, 0);
      const cpu = rounds.every((run) => run.cpuMs !== undefined)
        ? rounds.reduce((sum, run) => sum + run.cpuMs, 0)
        : undefined;
      const row = summarise(bench.name, bench.target, median.result, {
        ...poolInfo(),
        hello_world_requests_per_s: Math.round(median.helloRate),
        share_of_hello_world: Math.round(median.share * 1000) / 1000,
        rounds: rounds.map((run) => ({
          requests_per_s: Math.round(run.result.requests.average),
          hello_world_requests_per_s: Math.round(run.helloRate),
          share_of_hello_world: Math.round(run.share * 1000) / 1000,
          p99_ms: run.result.latency.p99,
        })),
        // Errors of every round; CPU of every request served, warm-ups included.
        errors: rounds.reduce((sum, run) => sum + run.result.non2xx + run.result.errors, 0),
        server_cpu_us_per_request:
          cpu === undefined || served === 0 ? null : Math.round((cpu * 1000) / served),
      });
      rows.push(row);
      console.log(
        `${row.requests_per_s} req/s (${Math.round(row.share_of_hello_world * 100)} % of hello-world), ` +
          `p50 ${row.latency_ms.p50} ms, p99 ${row.latency_ms.p99} ms, errors ${row.errors}, ` +
          `server CPU ${row.server_cpu_us_per_request ?? '?'} µs/request`,
      );
      if (row.pool_exhausted) {
        // The run stopped early and its last requests were not submissions: not a rate.
        console.log(
          `  ✗ the ${row.pool} open surveys ran out after ${row.pool_used} requests: this row is ` +
            'not a submission rate. Run with more --residents (each active resident holds at ' +
            'most one open survey per type).',
        );
      }
    }

    // Export throughput (ADR 023): every completed Admission survey of every facility as CSV.
    let resultsExport;
    if (options.only.length === 0 || options.only.includes('results-export')) {
      process.stdout.write('▶ results export … ');
      const cpuBefore = cpuMs(server.pid);
      const loadBeforeExport = os.loadavg()[0];
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/results/export.csv/?survey_type=Admission`, {
        headers,
      });
      if (!response.ok) throw new Error(`results export: ${response.status}`);
      let lines = 0;
      let bytes = 0;
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        bytes += chunk.length;
        const text = decoder.decode(chunk, { stream: true });
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines += 1;
      }
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuMs(server.pid);
      const serverCpu =
        cpuBefore === undefined || cpuAfter === undefined ? null : cpuAfter - cpuBefore;
      resultsExport = {
        surveys: lines - 1,
        bytes,
        seconds: Math.round(seconds * 100) / 100,
        rows_per_s: Math.round((lines - 1) / seconds),
        // The server's own CPU for the whole export: the client reads it on the same cores.
        server_cpu_ms: serverCpu === null ? null : Math.round(serverCpu),
        server_rows_per_cpu_s:
          serverCpu === null || serverCpu === 0
            ? null
            : Math.round((lines - 1) / (serverCpu / 1000)),
        load_average_1m: [
          Math.round(loadBeforeExport * 100) / 100,
          Math.round(os.loadavg()[0] * 100) / 100,
        ],
      };
      console.log(
        `${resultsExport.surveys} surveys in ${resultsExport.seconds} s: ${resultsExport.rows_per_s} rows/s (server CPU ${resultsExport.server_cpu_ms} ms)`,
      );
    }

    const baseline = helloRuns.reduce((sum, rate) => sum + rate, 0) / helloRuns.length;
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    // The staff's GETs (the results dashboard has a target of its own).
    const getRows = rows.filter(
      (row) => row.target.startsWith('GET') && !row.name.startsWith('results'),
    );
    const targets = {
      due_list_share_of_hello_world: check(
        byName['due list'] && byName['due list'].share_of_hello_world,
        (v) => v >= TARGETS.dueListShare,
        `≥ ${TARGETS.dueListShare}`,
      ),
      questions_share_of_hello_world: check(
        byName.questions && byName.questions.share_of_hello_world,
        (v) => v >= TARGETS.questionsShare,
        `≥ ${TARGETS.questionsShare}`,
      ),
      submissions_per_s: check(
        byName.submission && byName.submission.requests_per_s,
        (v) =>
          v >= TARGETS.submissionsPerSecond &&
          byName.submission.errors === 0 &&
          !byName.submission.pool_exhausted,
        `≥ ${TARGETS.submissionsPerSecond} with 0 errors, every request a submission`,
      ),
      results_dashboard_p95_ms: check(
        DASHBOARD_ROWS.some((name) => byName[name])
          ? Math.max(
              ...DASHBOARD_ROWS.filter((name) => byName[name]).map(
                (name) => byName[name].latency_ms.p97_5,
              ),
            )
          : undefined,
        (v) => v <= TARGETS.resultsDashboardMs,
        `≤ ${TARGETS.resultsDashboardMs} (p97.5, autocannon's nearest to p95)`,
      ),
      results_export_rows_per_s: check(
        resultsExport?.rows_per_s,
        (v) => v >= TARGETS.resultsExportRowsPerSecond,
        `≥ ${TARGETS.resultsExportRowsPerSecond}`,
      ),
      get_p99_ms: check(
        getRows.length > 0 ? Math.max(...getRows.map((row) => row.latency_ms.p99)) : undefined,
        (v) => v <= TARGETS.getP99Ms,
        `≤ ${TARGETS.getP99Ms} (worst GET)`,
      ),
    };

    console.log('');
    printTable(rows);
    console.log('');
    for (const [name, target] of Object.entries(targets)) {
      if (target.value === undefined) continue;
      console.log(
        `  ${target.met ? 'met   ' : 'MISSED'} ${name}: ${target.value} (target ${target.target})`,
      );
    }

    const scaleChecks = options.noScale ? undefined : runScaleChecks();

    const report = {
      benchmark: 'server-api-load',
      date: new Date().toISOString(),
      machine: { ...machine(), load_average_before: loadBefore, load_average_after: os.loadavg() },
      database: database.dialect === 'postgres' ? 'postgres' : 'sqlite (WAL, synchronous=FULL)',
      log_level: process.env.LOG_LEVEL ?? 'info (production default)',
      options: { ...options, pool_rate: POOL_RATE },
      dataset: {
        ...database.summary,
        generation_s: generationSeconds,
        due_list_lengths: listLengths,
      },
      ...(explainGuard ? { explain_guard: explainGuard } : {}),
      ...(scaleChecks ? { scale_checks: scaleChecks } : {}),
      hello_world_requests_per_s: {
        mean: Math.round(baseline),
        runs: helloRuns,
      },
      targets,
      results: rows,
      results_export: resultsExport ?? null,
    };
    const outDir = path.join(root, 'bench', 'results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(
      outDir,
      options.chain ? 'chain-postgres.json' : `server-${database.dialect}.json`,
    );
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nResults: ${path.relative(root, file)}`);
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    await cannon?.close();
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve() : child.on('exit', resolve),
          ),
      ),
    );
    if (options.keep) {
      console.log(
        database?.databaseUrl
          ? `Kept: DATABASE_URL='${database.databaseUrl}'`
          : `Kept: DATA_DIR=${dataDir}`,
      );
    } else {
      await database
        ?.drop()
        .catch((error) => console.error('dropping the bench schema failed:', error));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/**
 * The suite's scale checks at full size (`npm run test:scale`: the 100,000-survey export in
 * bounded memory, …), which `npm test` runs on small data (ADR 058); on PostgreSQL too when
 * DATABASE_URL is set. A failure fails the bench.
 */
function runScaleChecks() {
  console.log('\n▶ scale checks (npm run test:scale)');
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', 'test:scale'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...(process.env.DATABASE_URL ? { TEST_DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
  const checks = {
    passed: result.status === 0,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  console.log(`  scale checks ${checks.passed ? 'passed' : 'FAILED'} (${checks.seconds} s)\n`);
  if (!checks.passed) process.exitCode = 1;
  return checks;
}

function check(value, ok, target) {
  return value === undefined ? { value, target, met: null } : { value, target, met: ok(value) };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
