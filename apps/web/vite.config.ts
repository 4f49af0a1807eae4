import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { ROUTE_AREAS } from './src/app/route-table.ts';
import {
  OFFLINE_API_CACHE,
  OFFLINE_API_MAX_AGE_S,
  OFFLINE_API_MAX_ENTRIES,
  OFFLINE_API_NETWORK_TIMEOUT_S,
  OFFLINE_API_URLS,
  SERVICE_WORKER_URL,
} from './src/config/offline.ts';

const resolvePath = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiServer = 'http://127.0.0.1:3000';

// Module ids of the chunks the routes share (build.rolldownOptions.output.codeSplitting below).
const sharedUi = /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/;
const sharedLib = /node_modules[\\/](zod|react-toastify|@tanstack[\\/]react-query|clsx)[\\/]/;
const dates = /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/;
const appCode = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;
/**
 * The back office: its layout, its features (`features/admin`, `features/admin-…`), its kit
 * (`components/back-office`) and its texts (with the imports' mapping tables and texts,
 * `census-import.ts`, ADR 056). Not the first-run checklist (`features/admin-setup`,
 * ADR 051): only the overview loads it, on demand, so it is not in every admin page's first load.
 */
const adminCode =
  /[\\/](apps[\\/]web[\\/]src[\\/](features[\\/]admin(?!-setup[\\/])(-[\w-]+)?[\\/]|components[\\/]back-office[\\/]|app[\\/]layouts[\\/]admin-layout\.tsx$)|packages[\\/]shared[\\/]src[\\/](admin-texts|census-import)\.ts$)/;
/**
 * The form library of the back office's forms (ADR 047): only the admin pages load it. Library
 * code only (it imports none of ours), so the `admin` chunk that uses it and it form no cycle.
 */
const adminForms =
  /node_modules[\\/](@mantine[\\/]form|mantine-form-zod-resolver|klona|fast-deep-equal|@standard-schema)[\\/]/;
/** Recognition (DESIGN §8): its features and texts, shared by the review, summary and certificate. */
const recognitionCode =
  /[\\/](apps[\\/]web[\\/]src[\\/]features[\\/](recognition|acknowledgements)[\\/]|packages[\\/]shared[\\/]src[\\/]recognition-texts\.ts$)/;
/**
 * Survey Results' code and screen texts shared by its screens (and My account's alert mail
 * switch): only they load it. Not the alerts calls, which Home's tile makes.
 */
const resultsCode =
  /[\\/](apps[\\/]web[\\/]src[\\/]features[\\/]results[\\/](?!api[\\/]alerts\.ts$)|packages[\\/]shared[\\/]src[\\/]results-screen-texts\.ts$)/;

/**
 * The pieces the office areas (the back office, Survey Results) share — an area's heading and
 * sections, a range of days: their pages load them, a bedside page never does.
 */
const officeCode =
  /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/](section-frame|date-range-inputs)\.tsx$/;

/**
 * The tablet's lock screen and the verifiers that unlock it without a connection (ADR 025, 035):
 * one chunk, fetched as the guard shows (and by sign-in and My account for the verifiers), in no
 * page's first load.
 */
const lockCode =
  /[\\/](apps[\\/]web[\\/]src[\\/](features[\\/]auth[\\/](components[\\/]lock-screen\.tsx|api[\\/]unlock\.ts)|lib[\\/]unlock-verifier\.ts)|packages[\\/]shared[\\/]src[\\/]offline-unlock-texts\.ts)$/;

/**
 * The charts of Survey Results (@mantine/charts, recharts and its dependencies): loaded only when
 * a results screen draws its first chart (features/results/components/lazy-charts.tsx).
 */
const charts =
  /(node_modules[\\/](@mantine[\\/]charts|recharts|d3-[\w-]+|victory-vendor|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|eventemitter3|decimal\.js-light|tiny-invariant)[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]results[\\/]components[\\/]charts\.tsx$)/;
/**
 * Mantine components (and their helpers) that only the office screens (the back office, Survey
 * Results) share: kept out of the `ui` chunk every page loads, so the bedside pages' first load
 * stays what it was. A bedside screen that starts using one of them loads this chunk too; the
 * budgets in src/bundle-budget.test.ts say so.
 */
const officeUi =
  /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/](MultiSelect|Pill|PillsInput|SegmentedControl|FloatingIndicator|Skeleton|Switch|Toolbar|Combobox[\\/]use-pills-reorder)[\\/]|core[\\/]esm[\\/]core[\\/]utils[\\/]primitive[\\/]|hooks[\\/]esm[\\/](use-mutation-observer|use-mounted|use-shallow-effect|use-timeout|utils[\\/]shallow-equal)[\\/])/;

/** The chunk of the layouts and the toast area, which every page loads (build/route-preloads.ts). */
const EVERY_PAGE_CHUNK = 'layouts';

/**
 * Moves the stylesheet and the module script, which the build writes into index.html's head, into
 * the body: the stylesheet between the loading page and #root, the script after it. In the head,
 * the stylesheet holds up the first paint until it has arrived (with the scripts competing for
 * the bandwidth); in the body it holds up only what follows it, so the loading page (styled
 * inline) paints as soon as the HTML is there. A script after the stylesheet runs only once the
 * stylesheet has loaded, so the app never shows unstyled, and the style elements Mantine renders
 * into #root come after the stylesheet, as they did when it was in the head. All CSS is in that
 * one file (`cssCodeSplit: false` below): a screen's own stylesheet would be added to the head,
 * before it, and lose to it.
 */
function stylesAfterLoadingPage(): Plugin {
  const stylesheet = /\s*(<link rel="stylesheet"[^>]*>)(?=[\s\S]*<\/head>)/;
  const script = /\s*(<script type="module"[^>]*><\/script>)(?=[\s\S]*<\/head>)/;
  const root = '<div id="root"></div>';
  return {
    name: 'carevoice:styles-after-loading-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = html.match(stylesheet)?.[1];
        const tag = html.match(script)?.[1];
        if (!link || !tag || !html.includes(root)) {
          throw new Error('index.html: expected one stylesheet and one module script in the head');
        }
        return html
          .replace(stylesheet, '')
          .replace(script, '')
          .replace(root, `${link}\n    ${root}`)
          .replace('</body>', `  ${tag}\n  </body>`);
      },
    },
  };
}

/** The brand colour (src/app/theme.ts, shade 7) and the page background (gray.0). */
const THEME_COLOR = '#0b7469';
const BACKGROUND_COLOR = '#f8f9fa';

/**
 * The installable, offline app (ADR 032): the web app manifest and its icons (public/icons), and
 * a service worker (`sw.js`, Workbox's generateSW) that
 * - precaches the app: index.html, the entry, every route's chunks and the stylesheet, the icons
 *   and the manifest; not the results' charts (office work, a large file no tablet needs
 *   offline), not the pre-compressed copies and not the build's notes;
 * - answers every navigation outside /api with the precached index.html, so the app opens
 *   without a connection;
 * - keeps the API answers a survey in progress needs (src/config/offline.ts: the questionnaires
 *   and employee lists) network-first, and nothing else of the API.
 * `registerType: 'prompt'`: a new deployment's worker waits until the person reloads from the
 * prompt (src/components/update-prompt.tsx), which the app registers itself after the first
 * render (`injectRegister: false`, src/lib/service-worker.ts). No service worker under `vite`
 * (dev): the dev server serves the sources, which nothing should cache.
 */
function offlineApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    filename: SERVICE_WORKER_URL.slice(1),
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'CareVoice',
      short_name: 'CareVoice',
      description: 'CareVoice: resident surveys and staff acknowledgements.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'maskable',
        },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // The icons, favicon.svg and the manifest come in through `includeAssets` and `manifest`.
      globPatterns: ['**/*.{js,css,html}'],
      // Nor the self-serve survey page (ADR 063), which no tablet runs.
      globIgnores: [
        '**/node_modules/**',
        '.vite/**',
        'assets/charts-*.js',
        'public-survey.html',
        'assets/public-survey-*',
      ],
      navigateFallback: 'index.html',
      // As the server (apps/server/src/plugins/web.ts): the API and its documentation, the
      // operators' endpoints and any path of a file are not pages of the app.
      navigateFallbackDenylist: [
        /^\/api(?:[/?]|$)/,
        // The self-serve survey page (ADR 063) is a page of its own, never the staff app.
        /^\/s\//,
        /^\/(?:healthz|metrics)(?:[/?]|$)/,
        /^[^?]*\.[^/?]*(?:\?|$)/,
      ],
      // The first installation takes over the open page at once, so the calls of a survey
      // started on it go through the worker (and are kept); a later version waits for Reload.
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: OFFLINE_API_URLS,
          handler: 'NetworkFirst',
          method: 'GET',
          options: {
            cacheName: OFFLINE_API_CACHE,
            networkTimeoutSeconds: OFFLINE_API_NETWORK_TIMEOUT_S,
            expiration: {
              maxEntries: OFFLINE_API_MAX_ENTRIES,
              maxAgeSeconds: OFFLINE_API_MAX_AGE_S,
            },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

/**
 * The web app. `vite` serves it with the API proxied to the server on port 3000; `vite build`
 * writes apps/web/dist: the app frame as one entry file, one chunk per route (every route is lazy,
 * see src/app/router.tsx) and a few chunks the routes share (`codeSplitting` below). Budgets:
 * src/bundle-budget.test.ts.
 */
export default defineConfig({
  plugins: [
    react(),
    precompress(),
    stylesAfterLoadingPage(),
    routePreloads({ areas: ROUTE_AREAS, everyPageChunk: EVERY_PAGE_CHUNK }),
    offlineApp(),
  ],
  resolve: {
    alias: {
      '@carevoice/shared': resolvePath('../../packages/shared/src/index.ts'),
      '@': resolvePath('./src'),
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's manifest (.vite/manifest.json): which chunk holds each screen (build/route-preloads.ts).
    manifest: true,
    // One stylesheet, in the page's body (see stylesAfterLoadingPage).
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // The shared contract only declares things (schemas, tables, texts), but its top-level
        // zod calls look like side effects. Saying so keeps the schemas out of the entry bundle:
        // screens that validate pull them in with their own chunk.
        moduleSideEffects: (id) => (id.includes('/packages/shared/src/') ? false : undefined),
      },
      output: {
        // Left to itself, the bundler cuts the code shared by the 19 lazy screens into one chunk
        // per combination of screens that use it: Home would fetch 36 files, most under 2 kB,
        // and over HTTP/1.1 each costs a round trip. A few groups instead, so a screen loads
        // about six files (bench/web.mjs measures the effect; docs/performance.md has figures).
        codeSplitting: {
          groups: [
            // The app frame: everything the entry imports statically, as one file.
            { name: 'frame', tags: ['$initial'], priority: 3 },
            // The calendar (date fields, loaded on first use) and the date library; dayjs with it,
            // since a chunk of its own would also take the bundler's runtime out of the frame (an
            // extra file for every page).
            { name: 'dates', test: dates, priority: 2.5, includeDependenciesRecursively: false },
            // Mantine components that only office screens share (see officeUi).
            {
              name: 'office-ui',
              test: officeUi,
              minShareCount: 2,
              priority: 2.2,
              includeDependenciesRecursively: false,
            },
            // Mantine components and their helpers used by more than one screen.
            { name: 'ui', test: sharedUi, minShareCount: 2, priority: 2 },
            // Validation, toasts and server-state hooks: nearly every screen needs them.
            { name: 'lib', test: sharedLib, minShareCount: 2, priority: 1 },
            // The back office's code shared by its screens (the admin frame, the census and
            // staff screens…): only the admin pages load it, not every page.
            {
              name: 'admin',
              test: adminCode,
              minShareCount: 2,
              priority: 0.5,
              includeDependenciesRecursively: false,
            },
            // The form library of its forms (see adminForms).
            {
              name: 'admin-forms',
              test: adminForms,
              minShareCount: 2,
              priority: 0.51,
              includeDependenciesRecursively: false,
            },
            // The charts library, fetched on a results screen's first chart (a dynamic import):
            // its own budget (CHARTS_BUDGET_KB in src/bundle-budget.test.ts).
            { name: 'charts', test: charts, priority: 2.8 },
            // Recognition's code and texts shared by its screens (review, summary, certificate):
            // only they load it.
            {
              name: 'recognition',
              test: recognitionCode,
              minShareCount: 2,
              priority: 0.6,
              includeDependenciesRecursively: false,
            },
            // Survey Results' code and texts shared by its screens (see resultsCode).
            {
              name: 'results',
              test: resultsCode,
              minShareCount: 2,
              priority: 0.55,
              includeDependenciesRecursively: false,
            },
            // What the office areas share (see officeCode).
            {
              name: 'office',
              test: officeCode,
              minShareCount: 2,
              priority: 0.52,
              includeDependenciesRecursively: false,
            },
            // The lock screen and its verifiers (see lockCode).
            {
              name: 'lock-screen',
              test: lockCode,
              priority: 0.7,
              includeDependenciesRecursively: false,
            },
            // The app's own code (API calls, hooks, shared contract) used by several screens.
            { name: 'app', test: appCode, minShareCount: 2 },
            // The layouts and the toast area, small and wanted on (nearly) every first page: one
            // file rather than three round trips.
            {
              name: EVERY_PAGE_CHUNK,
              // (Not the back office's layout: it brings the admin frame, which only admin pages load.)
              test: /[\\/]src[\\/]app[\\/](layouts[\\/](?!admin-)[\w-]+|toasts)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A screen test renders and clicks through Mantine in jsdom: a few seconds on two busy cores,
    // past Vitest's default 5 s at a load average of 10 (as the server project allows 30 s).
    testTimeout: 20_000,
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
