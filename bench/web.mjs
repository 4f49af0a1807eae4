#!/usr/bin/env node
/**
 * Lighthouse benchmark of the web app (`npm run bench:web`).
 *
 *   node bench/web.mjs [--runs 3]
 *
 * Needs a production build (`npm run build`): starts apps/server/dist/main.js (NODE_ENV=production)
 * on a free port with a fresh SQLite database in a temporary DATA_DIR seeded with the demo data,
 * which serves apps/web/dist. Chromium (CHROME_PATH, default /usr/bin/chromium) is started with
 * chrome-launcher and driven through puppeteer-core (both come with lighthouse) as one Lighthouse
 * user flow per run, with Lighthouse's default mobile emulation and simulated throttling:
 *
 *   1. Login        navigation to /login, signed out
 *   2. Home         navigation to /, signed in (the session cookies of an API sign-in as
 *                   staff@carevoice.test are put into Chrome)
 *   3. Home → due list (timespan): picks the facility, Patient Surveys, Admission Surveys by
 *                   clicking, as a nurse does, until the cards show: TBT, CLS and INP of real
 *                   in-app navigation
 *   4. Due list     navigation to /patient-survey. The route lives on navigation state
 *                   ({facility_id, surveyType}); a plain URL goes Home. A script that runs before
 *                   the page's own puts that state into the new history entry the way React Router
 *                   keeps it (`{usr, key, idx}`), so the load is what a reload of the due list
 *                   does: a full cold navigation that Lighthouse scores like any other page.
 *   5. Editor (200 questions) (timespan): signed in as admin@carevoice.test, a draft of 200
 *                   translated questions in the questionnaire builder (ADR 017): opens question
 *                   100, types into its text, turns a switch: INP of the editor at that size
 *   6. Preview (200 questions) (timespan): the survey runner on the same 200 questions, the
 *                   way staff answer: a choice and Next, ten times: INP of the runner
 *   7–8. the same two on question 120 with Lighthouse's desktop settings (no CPU slowdown),
 *                   where administrators build questionnaires
 *
 * Each run uses a fresh Chrome (empty cache and cookies). With several runs, each step reports
 * the run with the median performance score (timespan: median TBT). Writes
 * bench/results/web.json (every run and the medians) and bench/results/web-flow.html (the last
 * run's flow report), prints a table, and exits 1 when a navigation misses its target
 * (performance ≥ 95, accessibility = 100).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { desktopConfig, startFlow } from 'lighthouse';

/** Lighthouse's desktop settings (its desktop config), for the office steps' second run. */
const DESKTOP_FLAGS = {
  formFactor: desktopConfig.settings.formFactor,
  throttling: desktopConfig.settings.throttling,
  screenEmulation: desktopConfig.settings.screenEmulation,
  emulatedUserAgent: desktopConfig.settings.emulatedUserAgent,
};
import puppeteer from 'puppeteer-core';
import { freePort, waitFor } from './process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API = '/api/v1/users';
const ACCOUNT = { username: 'staff@carevoice.test', password: 'carevoice-demo' };
const SURVEY_TYPE = 'Admission';
const TARGETS = { performance: 95, accessibility: 100 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/**
 * A flow keeps the cache between its navigations unless told otherwise; every page here is
 * measured as a cold load (empty HTTP cache), as a lone `lighthouse <url>` would.
 */
const COLD = { disableStorageReset: false };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

/** `Set-Cookie` header → a cookie for puppeteer's `browser.setCookie`. */
function toBrowserCookie(header, base) {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const flags = attributes.map((attribute) => attribute.toLowerCase());
  const sameSite = attributes
    .find((attribute) => attribute.toLowerCase().startsWith('samesite='))
    ?.split('=')[1];
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    domain: new URL(base).hostname,
    path: '/',
    httpOnly: flags.includes('httponly'),
    secure: flags.includes('secure'),
    ...(sameSite ? { sameSite: sameSite[0].toUpperCase() + sameSite.slice(1).toLowerCase() } : {}),
  };
}

/** Signs in through the API: the session cookies and the facility the due list is read for. */
async function signIn(base) {
  const response = await fetch(`${base}${API}/sf-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const setCookies = response.headers.getSetCookie();
  const profile = await response.json();
  const cookieHeader = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
  const permissions = await fetch(`${base}${API}/facility/permission/${profile.sf_user_id}/`, {
    headers: { cookie: cookieHeader },
  });
  if (!permissions.ok) throw new Error(`facility list failed: ${permissions.status}`);
  const { facilities } = await permissions.json();
  return {
    cookies: setCookies.map((header) => toBrowserCookie(header, base)),
    facility: facilities[0],
  };
}

/** Questions of the builder steps (ADR 017: a questionnaire of 200 stays responsive). */
const BUILDER_QUESTIONS = 200;

/**
 * Signs in as the demo administrator and writes a draft of BUILDER_QUESTIONS translated Radio
 * questions into Harbor View's Admission questionnaire: the session cookies and its id.
 */
async function prepareBuilder(base) {
  const response = await fetch(`${base}${API}/sf-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@carevoice.test', password: ACCOUNT.password }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  const setCookies = response.headers.getSetCookie();
  const cookie = setCookies.map((item) => item.split(';')[0]).join('; ');
  const listed = await fetch(`${base}/api/v1/admin/questionnaires/`, { headers: { cookie } });
  if (!listed.ok) throw new Error(`questionnaire list: ${listed.status} ${await listed.text()}`);
  const list = await listed.json();
  const target = list.find(
    (item) => item.name === 'Harbor View Rehabilitation' && item.survey_type === 'Admission',
  );
  if (!target) throw new Error('no Harbor View Admission questionnaire');
  const detail = await (
    await fetch(`${base}/api/v1/admin/questionnaires/${target.id}/`, { headers: { cookie } })
  ).json();
  const labels = [
    ['Very good', 'Muy bien'],
    ['Good', 'Bien'],
    ['Fair', 'Regular'],
    ['Poor', 'Mal'],
  ];
  const questions = Array.from({ length: BUILDER_QUESTIONS }, (_, n) => ({
    key: `q-${n + 1}`,
    type: 'Radio',
    text: { en: `Question ${n + 1}: how was this part of your stay?`, es: `Pregunta ${n + 1}` },
    options: labels.map(([en, es], index) => ({
      key: `o-${index + 1}`,
      label: { en, es },
      next: null,
    })),
    required: true,
    allow_non_answer: true,
  }));
  const saved = await fetch(`${base}/api/v1/admin/questionnaires/${target.id}/draft/`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ questions, version: detail.version }),
  });
  if (!saved.ok) throw new Error(`draft save failed: ${saved.status} ${await saved.text()}`);
  return { cookies: setCookies.map((header) => toBrowserCookie(header, base)), id: target.id };
}

/** Clicks the element with this role whose accessible name is, or starts with, `name`. */
async function click(page, name, role) {
  const selector =
    role === 'button'
      ? `::-p-xpath(//button[starts-with(normalize-space(.), ${JSON.stringify(name)})])`
      : `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
  const element = await page.waitForSelector(selector, { visible: true, timeout: 30_000 });
  await element.click();
  await element.dispose();
}

/** One user flow in a fresh Chrome; returns the flow result and its HTML report. */
async function runFlow({ base, chromePath, session }) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  let browser;
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const page = await browser.newPage();
    const flow = await startFlow(page, {
      name: 'CareVoice web',
      flags: { onlyCategories: CATEGORIES },
    });

    await flow.navigate(`${base}/login`, { name: 'Login' });

    await browser.setCookie(...session.cookies);
    await flow.navigate(`${base}/`, { name: 'Home', ...COLD });

    await flow.startTimespan({ name: 'Home → due list' });
    await click(page, 'Facility', 'combobox');
    await click(page, session.facility.name, 'option');
    await click(page, 'Patient Surveys', 'button');
    await click(page, `${SURVEY_TYPE} Surveys`, 'button');
    await page.waitForSelector('[data-testid="survey-card-row"] button', { timeout: 30_000 });
    await flow.endTimespan();

    const state = { facility_id: session.facility.id, surveyType: SURVEY_TYPE };
    const { identifier } = await page.evaluateOnNewDocument(
      `if (location.pathname === '/patient-survey' && history.state === null) {
        history.replaceState({ usr: ${JSON.stringify(state)}, key: 'bench', idx: 0 }, '');
      }`,
    );
    await flow.navigate(`${base}/patient-survey`, { name: 'Due list', ...COLD });
    await page.removeScriptToEvaluateOnNewDocument(identifier);
    const dueListShown = await page.$('[data-testid="survey-card-row"] button');
    if (!dueListShown) throw new Error(`the due list did not open (at ${page.url()})`);

    // The questionnaire builder at 200 questions (loaded outside the flow: an office page, not
    // held to the bedside pages' navigation targets; only its interactions are measured).
    const builder = await prepareBuilder(base);
    await browser.setCookie(...builder.cookies);
    await page.goto(`${base}/admin/questionnaires?id=${builder.id}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-question-key="q-${BUILDER_QUESTIONS}"]`, { timeout: 60_000 });
    // Keyboard, not clicks: the office pages are wider than Lighthouse's 412 px phone, so the
    // emulated page is zoomed out and a click's coordinates land beside their target. Focus and
    // keys are what a keyboard user sends, and INP counts them the same way.
    const press = async (selector, key) => {
      await page.$eval(selector, (element) => element.focus());
      await page.keyboard.press(key);
    };
    // Each twice: with the flow's phone emulation (4x CPU slowdown), and as a desktop, where
    // administrators build questionnaires (Lighthouse's desktop screen and no CPU slowdown).
    for (const [suffix, key, flags] of [
      ['', 'q-100', {}],
      [', desktop', 'q-120', DESKTOP_FLAGS],
    ]) {
      const card = `[data-question-key="${key}"]`;
      await flow.startTimespan({ name: `Editor (200 questions${suffix})`, ...flags });
      await press(`${card} button[aria-expanded]`, 'Enter');
      await page.waitForSelector(`${card} textarea`, { visible: true });
      await page.$eval(`${card} textarea`, (element) => element.focus());
      await page.keyboard.type(' Edited.', { delay: 60 });
      // CSS selectors here: an accessibility-tree query over 200 cards would block the page.
      await press(`${card} input[role="switch"]`, 'Space');
      await flow.endTimespan();

      await flow.startTimespan({ name: `Preview (200 questions${suffix})`, ...flags });
      await press('::-p-xpath(//button[normalize-space(.)="Preview"])', 'Enter');
      for (let n = 0; n < 10; n += 1) {
        await page.waitForSelector('[role="dialog"] input[type="radio"][value="Good"]');
        await press('[role="dialog"] input[type="radio"][value="Good"]', 'Space');
        await press('::-p-xpath(//button[starts-with(normalize-space(.), "Next")])', 'Enter');
        await page.waitForFunction(
          (heading) =>
            [...globalThis.document.querySelectorAll('h2')].some((h2) =>
              h2.textContent?.startsWith(heading),
            ),
          { timeout: 30_000 },
          `Question: ${n + 2} `,
        );
      }
      await flow.endTimespan();
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role="dialog"]', { hidden: true });
    }

    return { result: await flow.createFlowResult(), html: await flow.generateReport() };
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

const round = (value, digits = 0) =>
  value === undefined || value === null ? null : Number(value.toFixed(digits));

/** What one Lighthouse step measured. */
function summariseStep(step) {
  const { lhr } = step;
  const audit = (id) => lhr.audits[id];
  const numeric = (id) => audit(id)?.numericValue;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id] ? round(lhr.categories[id].score * 100) : null]),
  );
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 || category.id !== 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 0.9)
      .map((item) => `${category.id}: ${item.id} (${item.displayValue ?? item.score})`),
  );
  return {
    name: step.name,
    mode: lhr.gatherMode,
    url: lhr.finalDisplayedUrl,
    scores,
    metrics: {
      lcp_ms: round(numeric('largest-contentful-paint')),
      fcp_ms: round(numeric('first-contentful-paint')),
      speed_index_ms: round(numeric('speed-index')),
      cls: round(numeric('cumulative-layout-shift'), 3),
      tbt_ms: round(numeric('total-blocking-time')),
      inp_ms: round(numeric('interaction-to-next-paint')),
    },
    transfer_kb: round((numeric('total-byte-weight') ?? 0) / 1000, 1) || null,
    requests: audit('network-requests')?.details?.items?.length ?? null,
    benchmark_index: lhr.environment?.benchmarkIndex ?? null,
    below_90: failing,
    warnings: lhr.runWarnings,
    // Set when Lighthouse could not compute the metrics (its scores are then 0).
    runtime_error: lhr.runtimeError
      ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
      : null,
  };
}

/** The run a step reports: median performance score (navigation) or median TBT (timespan). */
function medianRun(runs) {
  const key = (step) =>
    step.mode === 'navigation' ? -(step.scores.performance ?? 0) : (step.metrics.tbt_ms ?? 0);
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function printTable(steps) {
  const columns = ['perf', 'a11y', 'bp', 'LCP ms', 'FCP ms', 'CLS', 'TBT ms', 'INP ms', 'kB'];
  console.log(`\n${'step'.padEnd(27)}${columns.map((column) => column.padStart(8)).join('')}`);
  for (const step of steps) {
    const { scores, metrics } = step;
    const cells = [
      scores.performance,
      scores.accessibility,
      scores['best-practices'],
      metrics.lcp_ms,
      metrics.fcp_ms,
      metrics.cls,
      metrics.tbt_ms,
      metrics.inp_ms,
      step.transfer_kb,
    ];
    console.log(
      `${step.name} (${step.mode})`.padEnd(27) +
        cells.map((value) => String(value ?? '–').padStart(8)).join(''),
    );
  }
}

async function main() {
  const runs = option('runs', 3);
  // Lighthouse slows the CPU 4x on top of whatever else the machine is doing: say how busy it was.
  const loadAtStart = os.loadavg().map((load) => round(load, 2));
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const serverMain = path.join(root, 'apps/server/dist/main.js');
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  for (const file of [serverMain, webIndex]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  if (!fs.existsSync(chromePath)) throw new Error(`no Chrome at ${chromePath}: set CHROME_PATH`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      PUBLIC_URL: base,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // The builder steps measure the editor, not the sign-in: the demo administrator has no
      // second factor, which production otherwise requires for the back office (ADR 021).
      MFA_REQUIRED_FOR_ADMINISTRATION: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/healthz`, server);
    const stepRuns = new Map();
    let html = '';
    for (let run = 1; run <= runs; run += 1) {
      console.log(`▶ run ${run} of ${runs}`);
      const session = await signIn(base);
      const flow = await runFlow({ base, chromePath, session });
      html = flow.html;
      for (const step of flow.result.steps) {
        const summary = summariseStep(step);
        if (!stepRuns.has(summary.name)) stepRuns.set(summary.name, []);
        stepRuns.get(summary.name).push(summary);
        console.log(
          `  ${summary.name}: performance ${summary.scores.performance}, ` +
            `accessibility ${summary.scores.accessibility ?? '–'}`,
        );
      }
    }
    const steps = [...stepRuns.values()].map(medianRun);
    const misses = steps
      .filter((step) => step.mode === 'navigation')
      .flatMap((step) =>
        Object.entries(TARGETS)
          .filter(([category, target]) => (step.scores[category] ?? 0) < target)
          .map(
            ([category, target]) =>
              `${step.name}: ${category} ${step.scores[category]} < ${target}`,
          ),
      );
    const report = {
      benchmark: 'web (lighthouse)',
      at: new Date().toISOString(),
      lighthouse: JSON.parse(
        fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
      ).version,
      chrome: chromePath,
      node: process.version,
      cpus: os.cpus().length,
      load_average_at_start: loadAtStart,
      form_factor: 'mobile (Lighthouse default: Moto G Power, slow 4G, 4x CPU, simulated)',
      runs,
      targets: TARGETS,
      steps,
      every_run: Object.fromEntries(stepRuns),
      misses,
    };
    const outDir = path.join(root, 'bench', 'results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'web.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'web-flow.html'), html);
    printTable(steps);
    for (const step of steps) {
      if (step.below_90.length) console.log(`\n${step.name} below 90: ${step.below_90.join(', ')}`);
    }
    console.log('\nResults: bench/results/web.json, report: bench/results/web-flow.html');
    if (misses.length) {
      console.log(`Targets missed:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('Targets met: performance ≥ 95 and accessibility = 100 on every page.');
    }
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
