import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { builtAssets, DIST_DIR, readBuilt } from '@/test/built-app';

/*
 * What the production build (apps/web/dist) makes a browser download, gzipped at level 9, in kB
 * of 1000 bytes as Vite reports them.
 *
 * - The frame: the entry script of index.html, its modulepreload links and, transitively, the
 *   chunks those import statically; what every page runs before any screen.
 * - A page's first load: the frame plus the files the server links from that page
 *   (dist/.vite/route-preloads.json, written by build/route-preloads.ts; the server turns it into
 *   `modulepreload` links, apps/server/src/plugins/web.ts), which the browser fetches at once,
 *   alongside the frame. The screens' further dynamic `import()`s (the calendar, say) do not count.
 */
const FRAME_BUDGET_KB = 150;
/**
 * Raised three times in issue 16–18, each by an area's endpoint entries in the chunk every page
 * loads (the API client's ENDPOINTS carries every area's schemas) and the bedside's own survey
 * screens: 261 with Survey Results' five paths (+0.14 kB), 262 with recognition's five
 * endpoints (+0.7 kB) and shared Mantine pieces (+0.4 kB), 266 with the bedside's texts and
 * question screen (+3.4 kB in the shared `app` chunk), 267 with the offline app (its banner,
 * new-version prompt and worker registration) and the resident's language (+1.5 kB in `app`,
 * /delay-survey at 266.4 with its calendar), after Survey Results' screen texts moved out of
 * `app` into a `results` chunk and the invitation page stopped loading the back office's chunk.
 * 268 with the offline unlock's calls on sign-in and logout, the resident's language mark on the
 * cards and the due list's call started by its route (/delay-survey at 267.2 with its calendar;
 * the verifiers themselves are in the lock screen's chunk, in no first load). 269 with the
 * words around a question in Spanish, the import's encoding note and the second factor's
 * password step (issues 31 and 33; /delay-survey at 268.1). 270 with issue 34's instrument
 * contract (option scores, the instrument ids and the adopt call's schemas in ENDPOINTS; the
 * instruments' wording and texts stay in the builder's chunk) and this round's census-feed and
 * go-live endpoints (/delay-survey at 269.5).
 * No results, recognition or office code is in a bedside page's first load (the office areas'
 * shared heading and filters have an `office` chunk of their own). Next: split the contract per
 * area so each page carries only its own endpoints' schemas, and bring this back under 260.
 * 271 with issue 34's CoreQ contract (ADR 054: five endpoint entries, the query and figures
 * schemas and the measure's reasons in ENDPOINTS, which every page carries; /delay-survey at
 * 270.3); the panel's texts and the reasons' labels stay in the results chunk. 273 with ADR
 * 056's import mapping in the contract (the import's `mapping` and `date_format`, the report's
 * `mapping`; the mapping tables and the step's texts are in the admin chunk): /delay-survey at
 * 272.0. 275 with ADR 060's engine (the Rating input, `end` and `non_answer_next`, the interview
 * texts) and ADR 059's contract (the contacts and survey-link endpoints and schemas in ENDPOINTS):
 * /delay-survey at 274.5.
 */
// 276 with ADR 060's bedside texts (break-off outcomes, partial in results) in the shared
// texts every page loads (/delay-survey at 275.8).
const PAGE_BUDGET_KB = 276;
/**
 * The back office's pages (`/admin…`): used at an office desk, not beside a resident, and they
 * carry the administration texts and tables; held to a budget of their own so the bedside
 * budget above stays what it was.
 */
// 285 since issues 16–18 added their endpoint entries to the shared API client's chunk
// (/admin/questionnaires at 283 kB); the contract split noted above brings it back. 286 since
// issue 17's due-list work (the resident's language on the cards, the due list's call started by
// its route, the second pass after the first paint: +0.5 kB in the shared `app` chunk and the
// frame, /admin/questionnaires at 285.1 kB). 287 since the office areas' shared heading,
// sections and date range moved from `app` to an `office` chunk (one more file for an office
// page, 0.3 kB less for every bedside page; /admin/questionnaires at 286.3 kB). 295 since the
// back-office kit (ADR 047): the form library its forms are built on (@mantine/form with its zod
// resolver, 6.5 kB in an `admin-forms` chunk) and the kit's list screen (/admin/questionnaires
// at 294.2 kB, 295.0 with the resident's dates dialog on the kit's form); no bedside page
// loads either. 297 since discarding a questionnaire draft (ADR 051: its call, button and
// confirmation in the builder's chunk, two endpoint entries in the contract every page carries;
// /admin/questionnaires at 296.3 kB). The first-run checklist is a chunk of its own, fetched by
// the overview, in no page's first load. 301 with issue 34's instruments (ADR 052: the CoreQ
// wording, the adopt dialog, locked items and scores in the builder's chunk) and this round's
// contract entries (/admin/questionnaires at 300.6 kB). 302 with the CoreQ contract (ADR 054:
// five endpoint entries and their schemas in the contract every page carries;
// /admin/questionnaires at 301.6 kB).
// 306 with the imports' column mapping (ADR 056: the mapping step, the EHR header synonyms and
// the mapping check shared with the server, in the admin chunk; /admin/questionnaires at
// 305.2 kB). 307 with who answered and how on the results' surveys and comments (DESIGN §9,
// ADR 061: two fields in the contract's schemas every page carries; /admin/questionnaires at
// 306.04 kB). 309 with the go-live date offered in a first census import, the "Last, First"
// name column and the two-digit year rule (ADR 056 amendment: the offer, the split and the
// rule's text in the admin chunk, about 0.8 kB; /admin/questionnaires at 308.5 kB, measured
// with ADR 060's engine as main has it).
// 311 with ADR 059's contract and ADR 060's builder rules (/admin/questionnaires at 310.0);
// 310.7 with the builder's CAHPS fields, themselves lazily loaded (only the ending option and
// the lazy hooks are in the first load).
// 312 with ADR 060's interviewer text in the runner the builder's preview shares (311.9).
// Held at 312 with issue 32's census kit (+0.3 kB in the admin pages) by taking the builder's
// and the results' interview texts out of the `app` chunk every page loads (311.9).
// 313 with issue 32's read declarations (`reads` of the 19 cached entries in ENDPOINTS, which
// every page carries: +0.2 kB, /admin/questionnaires at 312.1; moving the break-off texts out
// of `app` saved 0.01 kB, as break-off.tsx is in `app` itself, so it was not kept).
// The break-off that keeps an answer chosen on screen (ADR 060) adds 0.001 kB more.
const ADMIN_PAGE_BUDGET_KB = 313;
/** Survey Results (`/results…`) is office work too: the back office's budget. */
const OFFICE_ROUTE = /^\/(admin|results)(\/|$)/;
const budgetOf = (route: string) =>
  OFFICE_ROUTE.test(route) ? ADMIN_PAGE_BUDGET_KB : PAGE_BUDGET_KB;
/**
 * Everything the build ships, every area included but the charts (below). It grows with each
 * area (the back office, the questionnaire builder, My account with its lazily drawn QR code:
 * 360 kB after the trust work; Survey Results' screens about 15 kB more); the bedside is
 * protected by the frame and first-load budgets above, which do not grow.
 */
// 401 with issue 15's lighter builder rows, issue 17's offline unlock and language marks (400.9).
// 408 with the back-office kit's form library (ADR 047: 6.5 kB; 407.2 in all).
// 411 with the first-run checklist (ADR 051: 2.3 kB, its own chunk) and discarding a draft
// (410.9 in all); 412 with the one-survey view's multiple-choice lists. 416 with issue 34's
// instruments in the builder (ADR 052: the CoreQ wording, adopting, locked items, scores) and
// this round's census-feed and go-live screens (415.5 in all). 423 with the census feed's
// back-office screen (issue 36, ADR 055: status, messages per hour, codes, messages, raw view,
// "apply again", its texts, and Mantine's TagsInput with its pills for the codes; 422.5 in all),
// in the admin pages only. 426 with the CoreQ panel in Survey Results (issue 34 item 3, ADR 054:
// its screen, texts and exports in the results chunk, the contract in every page's; 425.9).
// 428 with the import's column mapping step and date format choice (ADR 056: the selects, the
// mapping check and EHR header synonyms shared with the server, in the admin chunk; 427.7 in all).
// 429 with the resident form's measure fields (ADR 053: admission type, destination, guardian,
// BIMS; their texts in the admin chunk, the values and their schema in the contract; 428.6).
// 432 with the go-live offer, full_name and two-digit years in the import (ADR 056 amendment,
// about 0.8 kB in the admin pages only; 431.3 in all, measured with ADR 060's engine as main has
// it). 434 with ADR 059's contacts and survey-link contract (432.8 in all). 436 with the
// builder's CAHPS fields (issue 34 item 5, ADR 060: interviewer text, the ending option, where
// Refused and Don't know lead, a Rating's labels, a Number's range): 1.1 kB in a chunk of their
// own, fetched when a card opens, so the builder's first load grows by only 0.7 kB (the end
// target and the editor split into functions under 150 lines, issue 32); no code of the builder
// was left to take out that the page does not use (434.6 in all).
// 438 with ADR 060's bedside: interviewer text, End interview early, partial in results (437.0).
const TOTAL_BUDGET_KB = 438;
/**
 * The charts of Survey Results (@mantine/charts with recharts and its d3 and redux helpers): one
 * chunk (`charts-*.js`, apps/web/vite.config.ts), fetched by a dynamic import when a results
 * screen draws its first chart, never up front and never on a bedside page. It is held to its
 * own budget and left out of the total above, so that the library's size (about two thirds of a
 * whole app) neither hides the rest of the app's growth nor is hidden by it.
 */
const CHARTS_BUDGET_KB = 145;
const isCharts = (file: string) => /^assets\/charts-[\w-]+\.js$/.test(file);
/**
 * The self-serve survey page (`/s/{token}`, ADR 063): a build of its own (public-survey.html,
 * vite.public.config.ts) on a family member's phone, on any connection. Issue 35 holds its first
 * load to 60 kB of JS — all of its JS, since it loads nothing later; 46.2 kB with the Rating question (45.1 when it was made)
 * (Preact 5.5, zod 24, the page, the engine and its texts).
 */
const SURVEY_PAGE_BUDGET_KB = 60;
const SURVEY_PAGE_HTML = 'public-survey.html';
const isSurveyPage = (file: string) => /^assets\/public-survey-[\w-]+\.(js|css)$/.test(file);

/** The build's list: per SPA path ("*" for the rest), the files its first load fetches at once. */
function routePreloads(): Record<string, { files: string[]; calls?: string[] }> {
  return JSON.parse(readBuilt('.vite/route-preloads.json')) as Record<
    string,
    { files: string[]; calls?: string[] }
  >;
}

/** The JS a first load of `route` fetches up front: the frame and the route's preloaded chunks. */
function pageScripts(route: string): string[] {
  const files = routePreloads()[route]?.files ?? [];
  return [...new Set([...upFrontScripts(), ...files.filter((file) => file.endsWith('.js'))])];
}

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`. */
const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The module script and the modulepreload links of a page (index.html), as paths inside dist. */
function indexScripts(html = 'index.html'): string[] {
  const tags = readBuilt(html).match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const attribute = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    const url = tag.startsWith('<script')
      ? attribute('type') === 'module' && attribute('src')
      : attribute('rel') === 'modulepreload' && attribute('href');
    return url ? [url.replace(/^\//, '')] : [];
  });
}

/** Every chunk the browser needs before the first screen's code: index.html's and their imports. */
function upFrontScripts(html = 'index.html'): string[] {
  const found = new Set<string>();
  const queue = indexScripts(html);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    for (const [, specifier] of readBuilt(file).matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.join(path.posix.dirname(file), specifier as string));
    }
  }
  return [...found].sort();
}

const gzippedKb = (file: string) => gzipSync(readBuilt(file), { level: 9 }).length / 1000;

/** Sizes of `files` and their sum, printed with the budget they are held to. */
function measure(title: string, files: string[], budgetKb: number, listFiles = true): number {
  const sizes = files.map((file) => [file, gzippedKb(file)] as const);
  const total = sizes.reduce((sum, [, kb]) => sum + kb, 0);
  const lines = listFiles
    ? sizes.map(([file, kb]) => `  ${kb.toFixed(1).padStart(7)} kB  ${file}`)
    : [];
  // eslint-disable-next-line no-console -- the measured sizes belong in the test output
  console.log(
    [
      `${title} (gzip -9):`,
      ...lines,
      `  ${total.toFixed(1).padStart(7)} kB  in ${files.length} file${files.length === 1 ? '' : 's'} (budget ${budgetKb} kB)`,
    ].join('\n'),
  );
  return total;
}

describe('bundle budget of the production build', () => {
  it(`loads at most ${FRAME_BUDGET_KB} kB of JS before any screen's own code`, () => {
    const files = upFrontScripts();
    expect(files.length, 'index.html loads no module script').toBeGreaterThan(0);
    const total = measure('JS of the frame', files, FRAME_BUDGET_KB);
    expect(total).toBeLessThanOrEqual(FRAME_BUDGET_KB);
  });

  it('lists what every route of the app loads up front, with files that exist', () => {
    const preloads = routePreloads();
    expect(Object.keys(preloads).sort()).toEqual([...Object.values(paths), '*'].sort());
    for (const { files } of Object.values(preloads)) {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(fs.existsSync(path.join(DIST_DIR, file)), file).toBe(true);
    }
    // The calls the server starts from the page: the session check everywhere behind the guard.
    expect(preloads[paths.home]?.calls).toEqual(['me', 'permissions']);
    expect(preloads[paths.patientSurvey]?.calls).toEqual(['me', 'permissions']);
    expect(preloads[paths.acknowledgementList]?.calls).toEqual(['me']);
    expect(preloads[paths.login]?.calls).toBeUndefined();
  });

  it(`loads at most ${PAGE_BUDGET_KB} kB of JS up front on any page's first load (${ADMIN_PAGE_BUDGET_KB} kB in the back office)`, () => {
    const sizes = Object.keys(routePreloads()).map((route) => {
      const files = pageScripts(route);
      const kb = files.reduce((sum, file) => sum + gzippedKb(file), 0);
      return { route, files, kb };
    });
    for (const route of [paths.login, paths.home, paths.patientSurvey]) {
      const page = sizes.find((size) => size.route === route);
      measure(`JS of a first load of ${route}`, page?.files ?? [], budgetOf(route));
    }
    const largest = sizes.reduce((a, b) => (b.kb > a.kb ? b : a));
    // eslint-disable-next-line no-console -- the measured sizes belong in the test output
    console.log(`Largest first load: ${largest.route}, ${largest.kb.toFixed(1)} kB of JS`);
    for (const { route, kb } of sizes) expect(kb, route).toBeLessThanOrEqual(budgetOf(route));
  });

  it(`ships at most ${TOTAL_BUDGET_KB} kB of JS in all, the charts aside`, () => {
    const files = builtAssets('.js').filter((file) => !isCharts(file) && !isSurveyPage(file));
    const total = measure(
      'All JS but the charts and the survey page',
      files,
      TOTAL_BUDGET_KB,
      false,
    );
    expect(total).toBeLessThanOrEqual(TOTAL_BUDGET_KB);
  });

  it(`ships the results' charts in one chunk of at most ${CHARTS_BUDGET_KB} kB, loaded on demand`, () => {
    const files = builtAssets('.js').filter(isCharts);
    expect(files).toHaveLength(1);
    const total = measure('JS of the charts', files, CHARTS_BUDGET_KB);
    expect(total).toBeLessThanOrEqual(CHARTS_BUDGET_KB);
    const preloaded = Object.keys(routePreloads()).filter((route) =>
      pageScripts(route).some(isCharts),
    );
    expect(preloaded, 'pages that load the charts up front').toEqual([]);
  });

  it(`loads the self-serve survey page with at most ${SURVEY_PAGE_BUDGET_KB} kB of JS, none of the staff app`, () => {
    const files = upFrontScripts(SURVEY_PAGE_HTML);
    expect(files.length, `${SURVEY_PAGE_HTML} loads no module script`).toBeGreaterThan(0);
    expect(
      files.filter((file) => !isSurveyPage(file)),
      'staff app files',
    ).toEqual([]);
    const all = builtAssets('.js').filter(isSurveyPage);
    expect(all.sort(), 'it fetches nothing later').toEqual(files);
    const total = measure('JS of the survey page', files, SURVEY_PAGE_BUDGET_KB);
    expect(total).toBeLessThanOrEqual(SURVEY_PAGE_BUDGET_KB);
    const code = files.map(readBuilt).join('\n');
    for (const marker of ['mantine', 'Toastify__', 'react-router']) {
      expect(code, marker).not.toContain(marker);
    }
    // No staff page loads it either.
    expect(upFrontScripts().filter(isSurveyPage)).toEqual([]);
  });

  it.each([
    ['react-toastify', 'Toastify__'],
    ['@mantine/dates', 'DatePickerInput'],
    ['the results screens', 'No submitted surveys in this period'],
    ['the charts', 'recharts'],
  ])('leaves %s out of the frame', (_library, marker) => {
    const holding = upFrontScripts().filter((file) => readBuilt(file).includes(marker));
    expect(holding).toEqual([]);
  });

  it.each([paths.login, paths.home, paths.patientSurvey])(
    'leaves the calendar (@mantine/dates) out of the first load of %s',
    (route) => {
      const holding = pageScripts(route).filter((file) =>
        readBuilt(file).includes('DatePickerInput'),
      );
      expect(holding).toEqual([]);
    },
  );
});
