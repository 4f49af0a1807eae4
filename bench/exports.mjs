#!/usr/bin/env node
/**
 * `npm run bench:exports`: the results exports against the tablets' requests (issue 31, finding
 * 4; ADR 043), on the production build.
 *
 *   npm run bench:exports -- [--surveys 65000] [--duration 10] [--rate 50] [--keep]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:exports
 *
 * 1. Builds packages/shared and apps/server when their dist is missing or older than the source.
 * 2. Generates the volume dataset (the demo seed, then apps/server/src/db/seed/volume.ts with
 *    `--surveys` past surveys: 65,000 give ~30,000 completed Admission surveys) into SQLite in a
 *    temporary DATA_DIR, or with DATABASE_URL a fresh PostgreSQL schema `bench_<random>` (dropped
 *    at the end), plus four exporters: accounts with access to every facility, because at most
 *    EXPORTS_PER_USER exports of one user run at once.
 * 3. Starts `apps/server/dist/main.js` on a free port (NODE_ENV=production, logs to /dev/null).
 * 4. Alone (after one untimed export of each format): one XLSX, then one CSV export of every
 *    completed Admission survey, each timed from
 *    the request to the last byte read: rows per second.
 * 5. Baseline: `/healthz` and the manager's due list, each from a load client in a process of its
 *    own (bench/cannon.mjs, autocannon) at `--rate` requests per second over 2 connections, for
 *    a few seconds with nothing else running.
 * 6. Under load: four XLSX and four CSV exports run (each exporter one of each, every export
 *    started again as soon as it ends) while the same two load clients run for `--duration` s;
 *    their latency percentiles are the figures. The exports still running at the end are
 *    abandoned (the client goes away), and each exporter must then start a new one (a slot an
 *    abandoned export held is free again).
 * 7. Prints the figures and writes bench/results/exports-sqlite.json or exports-postgres.json.
 *
 * Targets (issue 31; reported, not failed: absolute numbers depend on the machine): p99 ≤ 50 ms
 * for both under load, each export alone ≥ 20,000 rows/s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCannon } from './cannon.mjs';
import { cpuMs, freePort, waitFor } from './process.mjs';
import { benchSchema, dist, ensureBuild, requireFromServer, root, startServer } from './server.mjs';

const API = '/api/v1';

const TARGETS = { p99Ms: 50, rowsPerSecond: 20_000 };
const EXPORTERS = 4;

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
}

const options = {
  surveys: flag('surveys', 65_000),
  duration: flag('duration', 10),
  rate: flag('rate', 50),
  keep: process.argv.includes('--keep'),
};

// ---------------------------------------------------------------------------------------------
// Build, database, server

const exporterEmail = (n) => `bench-exporter-${n}@carevoice.test`;

/** The demo data, the volume of `--surveys` past surveys and the exporters, in a new database. */
async function createDatabase(dataDir, today) {
  const { connect } = await dist('db/connect.js');
  const { migrateToLatest } = await dist('db/migrate.js');
  const { seedDemoData } = await dist('db/seed/demo.js');
  const { seedVolumeData } = await dist('db/seed/volume.js');
  const { hashPassword } = await dist('lib/crypto.js');
  const { DEMO_PASSWORD } = await dist('constants.js');
  const { databaseUrl, drop } = await benchSchema(process.env.DATABASE_URL);
  const handle = connect({ databaseUrl, sqliteFile: path.join(dataDir, 'carevoice.sqlite') });
  try {
    await migrateToLatest(handle.db);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await seedDemoData(handle.db, { today, passwordHash });
    const summary = await seedVolumeData(handle.db, handle.dialect, {
      today,
      residentsPerFacility: 3000,
      pastSurveys: options.surveys,
    });
    const now = new Date().toISOString();
    await handle.db
      .insertInto('users')
      .values(
        Array.from({ length: EXPORTERS }, (_, n) => ({
          id: `bench-exporter-${n + 1}`,
          email: exporterEmail(n + 1),
          name: `Bench Exporter ${n + 1}`,
          password_hash: passwordHash,
          all_facility_access: 1,
          all_permission_access: 1,
          active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    if (handle.dialect === 'postgres') {
      // What autovacuum would have done by the time a real database holds this much.
      const { sql } = requireFromServer('kysely');
      const { rows: tables } = await sql`
        select tablename from pg_tables where schemaname = current_schema()`.execute(handle.db);
      await sql`VACUUM ANALYZE ${sql.join(tables.map((row) => sql.id(row.tablename)))}`.execute(
        handle.db,
      );
    }
    return { dialect: handle.dialect, databaseUrl, drop, summary };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Calls

async function signIn(base, email) {
  const response = await fetch(`${base}${API}/users/sf-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'carevoice-demo' }),
  });
  if (!response.ok)
    throw new Error(`sign-in ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('cv_session='));
  return { cookie, profile: await response.json() };
}

const exportPath = (format) => `${API}/results/export.${format}/?survey_type=Admission`;

/** One export read to its last byte: bytes, seconds, CSV lines; null when aborted. */
async function runExport(base, cookie, format, signal) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${exportPath(format)}`, { headers: { cookie }, signal });
    if (!response.ok) {
      throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
    }
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
    }
    return { bytes, lines, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (signal?.aborted) return null;
    throw error;
  }
}

const round = (value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

function latency(result) {
  return {
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    p50_ms: result.latency.p50,
    p90_ms: result.latency.p90,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
  };
}

/** /healthz and the due list at `--rate` each, for `seconds`, from two load clients. */
async function probe(cannons, base, cookie, duePath, seconds) {
  const common = { connections: 2, overallRate: options.rate, duration: seconds };
  const [health, dueList] = await Promise.all([
    cannons[0].run({ ...common, url: base, requests: [{ method: 'GET', path: '/healthz' }] }),
    cannons[1].run({
      ...common,
      url: base,
      headers: { cookie },
      requests: [{ method: 'GET', path: duePath }],
    }),
  ]);
  return { healthz: latency(health.result), due_list: latency(dueList.result) };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  ensureBuild();
  const { localToday } = await dist('db/values.js');
  const today = localToday();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-bench-exports-'));
  const children = [];
  const cannons = [];
  let database;
  try {
    console.log(
      `▶ generating ${options.surveys} past surveys` +
        (process.env.DATABASE_URL ? ' into a fresh PostgreSQL schema' : ' into SQLite'),
    );
    const started = Date.now();
    database = await createDatabase(dataDir, today);
    console.log(
      `  ${database.summary.pastSurveys} past surveys, ${database.summary.answers} answers in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port, dataDir, {
      databaseUrl: database.databaseUrl,
      // The bench signs in with a password only: the admin account has no authenticator.
      env: { MFA_REQUIRED_FOR_ADMINISTRATION: 'false' },
    });
    children.push(server);
    await waitFor(`${base}/healthz`, server);
    cannons.push(startCannon(), startCannon());

    const manager = await signIn(base, 'manager@carevoice.test');
    const { facilities } = await (
      await fetch(`${base}${API}/users/facility/permission/${manager.profile.sf_user_id}/`, {
        headers: { cookie: manager.cookie },
      })
    ).json();
    const duePath = `${API}/users/facility-survey-patients/${facilities[0].id}/Admission/`;
    const exporters = [];
    for (let n = 1; n <= EXPORTERS; n += 1) exporters.push(await signIn(base, exporterEmail(n)));

    // Alone (after one untimed export of each format: the CSV warms the caches of the database,
    // the XLSX starts the thread that writes XLSX files, which a running server keeps; ADR 057).
    await runExport(base, exporters[0].cookie, 'csv');
    await runExport(base, exporters[0].cookie, 'xlsx');
    const alone = {};
    for (const format of ['xlsx', 'csv']) {
      const cpuBefore = cpuMs(server.pid);
      const result = await runExport(base, exporters[0].cookie, format);
      const cpu = cpuMs(server.pid) - cpuBefore;
      alone[format] = { ...result, server_cpu_ms: round(cpu) };
    }
    const rows = alone.csv.lines - 1;
    for (const format of ['xlsx', 'csv']) {
      const entry = alone[format];
      entry.rows = rows;
      entry.rows_per_s = round(rows / entry.seconds);
      entry.seconds = round(entry.seconds, 2);
      delete entry.lines;
      console.log(
        `  ${format} alone: ${rows} rows, ${(entry.bytes / 1e6).toFixed(1)} MB in ${entry.seconds} s: ` +
          `${entry.rows_per_s} rows/s (server CPU ${entry.server_cpu_ms} ms)`,
      );
    }

    console.log(`▶ baseline: /healthz and the due list at ${options.rate} req/s each, no export`);
    const baseline = await probe(cannons, base, manager.cookie, duePath, 3);

    console.log(
      `▶ under load: ${EXPORTERS} XLSX and ${EXPORTERS} CSV exports at once for ${options.duration} s`,
    );
    const stop = new AbortController();
    const finished = { xlsx: [], csv: [] };
    const loops = exporters.flatMap((exporter) =>
      ['xlsx', 'csv'].map(async (format) => {
        while (!stop.signal.aborted) {
          const result = await runExport(base, exporter.cookie, format, stop.signal);
          if (result) finished[format].push(result.seconds);
        }
      }),
    );
    // The exports are under way before the measurement starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cpuBefore = cpuMs(server.pid);
    const underLoad = await probe(cannons, base, manager.cookie, duePath, options.duration);
    const cpu = cpuMs(server.pid) - cpuBefore;
    stop.abort();
    await Promise.all(loops);

    // Every slot an abandoned export held is free: each exporter exports again at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await Promise.all(
      exporters.map((exporter) =>
        fetch(`${base}${exportPath('csv')}`, { headers: { cookie: exporter.cookie } }).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status;
          },
        ),
      ),
    );

    const exportsUnderLoad = Object.fromEntries(
      ['xlsx', 'csv'].map((format) => {
        const times = finished[format];
        const mean = times.reduce((sum, s) => sum + s, 0) / Math.max(1, times.length);
        return [
          format,
          {
            completed: times.length,
            mean_seconds: round(mean, 2),
            rows_per_s_each: round(rows / mean),
          },
        ];
      }),
    );
    const report = {
      date: new Date().toISOString(),
      dialect: database.dialect,
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
        node: process.version,
        load_average_1m: round(os.loadavg()[0], 2),
      },
      options,
      rows,
      alone,
      baseline,
      under_load: {
        ...underLoad,
        exports: exportsUnderLoad,
        server_cpu_ms: round(cpu),
        seconds: options.duration,
      },
      after_abandoned_exports: again,
      targets: {
        healthz_p99_ms: check(
          underLoad.healthz.p99_ms,
          (v) => v <= TARGETS.p99Ms,
          `≤ ${TARGETS.p99Ms}`,
        ),
        due_list_p99_ms: check(
          underLoad.due_list.p99_ms,
          (v) => v <= TARGETS.p99Ms,
          `≤ ${TARGETS.p99Ms}`,
        ),
        xlsx_alone_rows_per_s: check(
          alone.xlsx.rows_per_s,
          (v) => v >= TARGETS.rowsPerSecond,
          `≥ ${TARGETS.rowsPerSecond}`,
        ),
        csv_alone_rows_per_s: check(
          alone.csv.rows_per_s,
          (v) => v >= TARGETS.rowsPerSecond,
          `≥ ${TARGETS.rowsPerSecond}`,
        ),
      },
    };
    for (const [name, figures] of Object.entries({ baseline, 'under load': underLoad })) {
      for (const [path_, f] of Object.entries(figures)) {
        console.log(
          `  ${name.padEnd(10)} ${path_.padEnd(8)} ${String(f.requests).padStart(5)} requests, ` +
            `p50 ${f.p50_ms} ms, p90 ${f.p90_ms} ms, p99 ${f.p99_ms} ms, max ${f.max_ms} ms, errors ${f.errors}`,
        );
      }
    }
    for (const [format, e] of Object.entries(exportsUnderLoad)) {
      console.log(
        `  under load ${format}: ${e.completed} exports finished, ${e.mean_seconds} s each (${e.rows_per_s_each} rows/s each)`,
      );
    }
    console.log(`  after the abandoned exports: ${again.join(', ')}`);
    for (const [name, target] of Object.entries(report.targets)) {
      console.log(`  ${target.met ? '✓' : '✗'} ${name}: ${target.value} (target ${target.target})`);
    }
    const file = path.join(root, `bench/results/exports-${database.dialect}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`▶ written to ${path.relative(root, file)}`);
    if (again.some((status) => status !== 200)) process.exitCode = 1;
  } finally {
    await Promise.all(cannons.map((cannon) => cannon.close()));
    for (const child of children) child.kill();
    if (database && !options.keep) await database.drop();
    if (options.keep) console.log(`  kept ${process.env.DATABASE_URL ? 'the schema' : dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function check(value, ok, target) {
  return { value, target, met: value !== undefined && value !== null && ok(value) };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
