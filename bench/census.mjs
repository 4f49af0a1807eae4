#!/usr/bin/env node
/**
 * `npm run bench:census`: the census at the size of the import limit (issue 14, DESIGN §8),
 * against the production build.
 *
 *   npm run bench:census -- [--rows 20000] [--repeat 3] [--duration 10] [--connections 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:census
 *
 * 1. Builds packages/shared and apps/server when their dist is missing or older than the source.
 * 2. Makes a database (SQLite in a temporary DATA_DIR, or with DATABASE_URL a fresh PostgreSQL
 *    schema `bench_<random>`, dropped at the end) with the demo data and `--repeat` empty
 *    facilities, and starts `apps/server/dist/main.js` on a free port (NODE_ENV=production, logs
 *    to /dev/null), signed in as admin@carevoice.test.
 * 3. Imports: per empty facility, a generated census file of `--rows` residents (half of them
 *    admitted, so as many Admission surveys are scheduled): the preview (`dry_run=true`), the
 *    commit, the same file again (every row unchanged), and a file where every admission date
 *    moved (every row changed, every open Admission survey moved). Each timed from the request
 *    to the answer, the median of the facilities reported.
 * 4. Lists, with autocannon in a process of its own (bench/cannon.mjs; `--connections`,
 *    `--duration` s each, after a 1 s warm-up): the first page of a facility of `--rows`
 *    residents, pages deep in the list (by cursor), and searches (a name or client ID fragment;
 *    each search reads the whole facility). Each row has the server's CPU per request.
 * 5. Prints a table and writes bench/results/census-sqlite.json or census-postgres.json.
 *
 * Targets (issue 14; reported, not failed: absolute numbers depend on the machine): the commit
 * of 20,000 rows in under 10 s, a page of the resident list at p99 ≤ 50 ms at 50 connections.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCannon } from './cannon.mjs';
import { freePort, waitFor } from './process.mjs';
import { benchSchema, dist, ensureBuild, root, startServer } from './server.mjs';

const API = '/api/v1';

const TARGETS = { commitSeconds: 10, listP99Ms: 50 };

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
}

const options = {
  rows: flag('rows', 20_000),
  repeat: flag('repeat', 3),
  duration: flag('duration', 10),
  connections: flag('connections', 50),
};

// ---------------------------------------------------------------------------------------------
// Build, database, server

/** The demo data and `count` empty facilities (offering English), in a new database. */
async function createDatabase(dataDir, today, count) {
  const { connect } = await dist('db/connect.js');
  const { migrateToLatest } = await dist('db/migrate.js');
  const { seedDemoData } = await dist('db/seed/demo.js');
  const { hashPassword } = await dist('lib/crypto.js');
  const { DEMO_PASSWORD } = await dist('constants.js');
  const { databaseUrl, drop } = await benchSchema(process.env.DATABASE_URL);
  const handle = connect({ databaseUrl, sqliteFile: path.join(dataDir, 'carevoice.sqlite') });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { today, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const facilities = Array.from({ length: count }, (_, n) => ({
      id: `bench-census-${n + 1}`,
      name: `Bench Census ${n + 1}`,
      admission_survey_due_days: 7,
    }));
    await handle.db.insertInto('facilities').values(facilities).execute();
    return { dialect: handle.dialect, databaseUrl, drop, facilityIds: facilities.map((f) => f.id) };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Files and calls

const FIRST = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson'];

/**
 * A census file of `rows` residents; with `shift`, every admission date moves by that many days
 * and every first name changes (so every row is an update).
 */
function censusFile(rows, today, addDays, shift = 0) {
  const lines = ['client_id,first_name,last_name,admitted_on,discharged_on,preferred_language'];
  for (let n = 0; n < rows; n += 1) {
    const first = `${FIRST[n % FIRST.length]}${shift === 0 ? '' : '-Marie'}`;
    const last = `${LAST[(n * 7) % LAST.length]}${Math.floor(n / 64)}`;
    const admitted = n % 2 === 0 ? addDays(today, -(n % 90) + shift) : '';
    lines.push(`CL-${String(n).padStart(6, '0')},${first},${last},${admitted},,en`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function signIn(base, email) {
  const response = await fetch(`${base}${API}/users/sf-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'carevoice-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('cv_session='));
}

/** One import call, timed from the request to the whole answer. */
async function timedImport(base, cookie, facilityId, csv, dryRun) {
  const started = performance.now();
  const response = await fetch(
    `${base}${API}/admin/facilities/${facilityId}/residents/import/?dry_run=${dryRun}`,
    { method: 'POST', headers: { cookie, 'content-type': 'text/csv; charset=utf-8' }, body: csv },
  );
  const body = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`import: ${response.status} ${body.detail}`);
  return { seconds, report: body };
}

async function getJson(base, cookie, apiPath) {
  const response = await fetch(`${base}${API}/${apiPath}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** autocannon options for one run: the bench's connections, a 1 s warm-up, then `opts`. */
function cannonOptions(opts) {
  return {
    connections: options.connections,
    duration: options.duration,
    warmup: { connections: options.connections, duration: 1 },
    ...opts,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureBuild();
  const { addDays, localToday } = await dist('db/values.js');
  const today = localToday();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-bench-census-'));
  let database;
  let server;
  let cannon;
  try {
    database = await createDatabase(dataDir, today, options.repeat);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(port, dataDir, {
      databaseUrl: database.databaseUrl,
      // The bench signs in with a password only: the admin account has no authenticator.
      env: { MFA_REQUIRED_FOR_ADMINISTRATION: 'false' },
    });
    await waitFor(`${base}/healthz`, server);
    const cookie = await signIn(base, 'admin@carevoice.test');
    console.log(
      `▶ ${database.dialect}: importing ${options.rows.toLocaleString('en-US')} residents into ` +
        `${options.repeat} empty facilities (preview, commit, unchanged, every row changed)`,
    );

    const fresh = censusFile(options.rows, today, addDays);
    const moved = censusFile(options.rows, today, addDays, 1);
    const runs = { preview: [], commit: [], unchanged: [], changed: [] };
    for (const facilityId of database.facilityIds) {
      const preview = await timedImport(base, cookie, facilityId, fresh, true);
      const commit = await timedImport(base, cookie, facilityId, fresh, false);
      const unchanged = await timedImport(base, cookie, facilityId, fresh, false);
      const changed = await timedImport(base, cookie, facilityId, moved, false);
      if (commit.report.created !== options.rows || changed.report.updated !== options.rows) {
        throw new Error(`unexpected reports: ${JSON.stringify([commit.report, changed.report])}`);
      }
      runs.preview.push(preview.seconds);
      runs.commit.push(commit.seconds);
      runs.unchanged.push(unchanged.seconds);
      runs.changed.push(changed.seconds);
      console.log(
        `  ${facilityId}: preview ${preview.seconds.toFixed(2)} s, commit ${commit.seconds.toFixed(2)} s, ` +
          `unchanged ${unchanged.seconds.toFixed(2)} s, every row changed ${changed.seconds.toFixed(2)} s`,
      );
    }
    const imports = Object.fromEntries(
      Object.entries(runs).map(([name, seconds]) => [
        name,
        { median_s: round(median(seconds)), runs_s: seconds.map((value) => round(value)) },
      ]),
    );

    // The list of the first facility, now holding `rows` residents.
    const facilityId = database.facilityIds[0];
    const listPath = `admin/facilities/${facilityId}/residents/`;
    const cursors = [];
    let cursor = null;
    for (let page = 0; page < 200 && (page === 0 || cursor); page += 1) {
      const body = await getJson(base, cookie, `${listPath}${cursor ? `?cursor=${cursor}` : ''}`);
      cursor = body.next_cursor;
      if (cursor && page % 20 === 19) cursors.push(cursor);
    }
    const requests = (paths) => paths.map((p) => ({ method: 'GET', path: `${API}/${p}` }));
    const lists = [
      { name: 'first page', paths: [listPath] },
      { name: 'pages deep in the list', paths: cursors.map((c) => `${listPath}?cursor=${c}`) },
      { name: 'first page, active only', paths: [`${listPath}?status=active`] },
      {
        name: 'search (name or client ID)',
        paths: ['lovel', 'turing1', 'cl-0123', 'grace h', 'nobody'].map(
          (q) => `${listPath}?q=${encodeURIComponent(q)}`,
        ),
      },
    ];
    console.log(
      `▶ listing a facility of ${options.rows.toLocaleString('en-US')} residents: ` +
        `${options.connections} connections, ${options.duration} s each`,
    );
    const rows = [];
    for (const list of lists) {
      cannon ??= startCannon();
      const { result, served, cpuMs } = await cannon.run(
        cannonOptions({ url: base, headers: { cookie }, requests: requests(list.paths) }),
        undefined,
        server.pid,
      );
      const row = {
        name: list.name,
        requests_per_s: Math.round(result.requests.average),
        latency_ms: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        errors: result.non2xx + result.errors,
        server_cpu_us_per_request:
          cpuMs === undefined || served === 0 ? null : Math.round((cpuMs * 1000) / served),
      };
      rows.push(row);
      console.log(
        `  ${list.name}: ${row.requests_per_s} req/s, p50 ${row.latency_ms.p50} ms, ` +
          `p99 ${row.latency_ms.p99} ms, errors ${row.errors}, ` +
          `server CPU ${row.server_cpu_us_per_request ?? '?'} µs/request`,
      );
    }

    const targets = {
      commit_s: {
        value: imports.commit.median_s,
        target: `< ${TARGETS.commitSeconds}`,
        met: imports.commit.median_s < TARGETS.commitSeconds,
      },
      list_page_p99_ms: {
        value: rows[0].latency_ms.p99,
        target: `≤ ${TARGETS.listP99Ms}`,
        met: rows[0].latency_ms.p99 <= TARGETS.listP99Ms,
      },
    };
    const cpus = os.cpus();
    const result = {
      at: new Date().toISOString(),
      database: database.dialect,
      machine: {
        cpu: cpus[0]?.model ?? 'unknown',
        cores: cpus.length,
        memory_gb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        load_average: os.loadavg().map((value) => round(value)),
      },
      options,
      imports,
      lists: rows,
      targets,
    };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    const file = path.join(root, `bench/results/census-${database.dialect}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `\n| import of ${options.rows.toLocaleString('en-US')} rows | median s |\n|---|---:|\n` +
        Object.entries(imports)
          .map(([name, value]) => `| ${name} | ${value.median_s} |`)
          .join('\n'),
    );
    console.log(
      `\n| list | req/s | p50 ms | p99 ms | errors | CPU µs/req |\n|---|---:|---:|---:|---:|---:|\n` +
        rows
          .map(
            (row) =>
              `| ${row.name} | ${row.requests_per_s} | ${row.latency_ms.p50} | ${row.latency_ms.p99} | ${row.errors} | ${row.server_cpu_us_per_request ?? '?'} |`,
          )
          .join('\n'),
    );
    for (const [name, check] of Object.entries(targets)) {
      console.log(`${check.met ? '✓' : '✗'} ${name}: ${check.value} (target ${check.target})`);
    }
    console.log(`\nwrote ${path.relative(root, file)}`);
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    await cannon?.close();
    server?.kill();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
