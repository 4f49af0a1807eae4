#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in the order a failure is cheapest to find.
 *   1. lint, formatting and type checks
 *   2. build (the end-to-end and budget tests run against the production build), then Spectral's
 *      OWASP ruleset on the built server's API description (scripts/openapi-lint.mjs)
 *   3. Vitest: shared, server (SQLite; PostgreSQL too when TEST_DATABASE_URL is set), web
 *   4. Playwright end-to-end in Chromium against the real built server and a fresh database
 * A suite that cannot run on this machine (no Chromium, no PostgreSQL) is reported as skipped,
 * with the reason; under CI (CI=true) a missing browser or database is a failure instead.
 * Each step's line in the summary gives its wall time and, on Linux, the CPU time its processes
 * used (on a shared machine the CPU time is the steadier figure; ADR 058).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const isCI = process.env.CI === 'true' || process.env.CI === '1';
const summary = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

/**
 * CPU seconds (user + system) of this process's finished children and theirs (Linux: the
 * cutime and cstime of /proc/self/stat); undefined elsewhere.
 */
function childCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat(5) (cutime, cstime), counted after the command's name.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const started = performance.now();

/** "1:23" from seconds. */
function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Runs one step; `report` reads its results (counts, failures) before a failure ends the run. */
function step(name, cmd, args, env = {}, report = () => {}) {
  console.log(`\n▶ ${name}`);
  const wallBefore = performance.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const wall = (performance.now() - wallBefore) / 1000;
  const cpuAfter = childCpuSeconds();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? ''
      : `, cpu ${minutes(cpuAfter - cpuBefore)}`;
  summary.push(`${ok ? 'ok     ' : 'FAILED '} ${name} (${minutes(wall)}${cpu})`);
  report();
  if (!ok) finish(1);
}

function skip(name, why) {
  console.log(`\n▶ ${name}: SKIPPED — ${why}`);
  summary.push(`skipped ${name} — ${why}`);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function finish(code) {
  console.log('\nSummary');
  for (const line of summary) console.log(`  ${line}`);
  if (code !== 0) counts.failed = Math.max(counts.failed, 1);
  console.log(
    `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  const cpu = childCpuSeconds();
  console.log(
    `time: ${minutes((performance.now() - started) / 1000)}${cpu === undefined ? '' : `, cpu ${minutes(cpu)}`}`,
  );
  process.exit(code);
}

/** The first non-empty line of an error message, without terminal colours. */
const firstLine = (message) =>
  stripVTControlCharacters(message ?? 'no error message')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim();

/** Adds Vitest's counts, and under the summary each failed test with its error's first line. */
function countVitest(report) {
  if (!report) return;
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const where = path.relative(process.cwd(), file.name);
      summary.push(
        `          ✗ ${test.fullName}`,
        `            ${firstLine(test.failureMessages?.[0])} (${where})`,
      );
    }
  }
}

/**
 * Adds Playwright's counts, and under the summary each failed test with the first line of its
 * error and where it stopped: the end of the log is often all that is kept of a CI run.
 */
function countPlaywright(report) {
  const stats = report?.stats;
  if (!stats) return;
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.skipped += stats.skipped ?? 0;
  const suites = [...(report.suites ?? [])];
  while (suites.length > 0) {
    const suite = suites.shift();
    suites.push(...(suite.suites ?? []));
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.errors?.[0];
        const where = error?.location
          ? `${path.relative(process.cwd(), error.location.file)}:${error.location.line}`
          : `${spec.file}:${spec.line}`;
        summary.push(
          `          ✗ ${spec.title}`,
          `            ${firstLine(error?.message)} (${where})`,
        );
      }
    }
  }
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-test-'));

step('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('unused files, dependencies and exports (knip)', 'npx', ['knip', '--no-progress']);
step('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
step('typecheck (tsc)', 'npm', ['run', '--silent', 'typecheck']);
step('build', 'npm', ['run', '--silent', 'build']);
step('API description (spectral, OWASP ruleset)', 'node', ['scripts/openapi-lint.mjs']);

if (!process.env.TEST_DATABASE_URL) {
  if (isCI) {
    summary.push('FAILED  PostgreSQL pass — TEST_DATABASE_URL is not set under CI');
    finish(1);
  }
  skip('server tests on PostgreSQL', 'TEST_DATABASE_URL is not set (SQLite pass still runs)');
}
const vitestReport = path.join(reports, 'vitest.json');
step(
  'unit and integration tests (vitest)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  {},
  () => countVitest(readJson(vitestReport)),
);

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chrome)) {
  const playwrightReport = path.join(reports, 'playwright.json');
  step(
    'end-to-end tests (playwright, chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e'],
    { CHROME_PATH: chrome, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    () => countPlaywright(readJson(playwrightReport)),
  );
} else if (isCI) {
  summary.push(`FAILED  end-to-end tests — no Chromium at ${chrome} under CI`);
  finish(1);
} else {
  skip(
    'end-to-end tests (playwright)',
    `no Chromium at ${chrome}; install it (apt-get install chromium) or set CHROME_PATH`,
  );
}

finish(0);
