import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/env.js';

/**
 * End-to-end tests: Debian's Chromium drives the production build served by the real server on
 * a fresh SQLite database with the demo data (see support/start-server.ts).
 *
 * The app's service worker (ADR 032) is blocked here: the suites test the pages and calls as the
 * server serves them, and a worker installing (downloading the whole app) in every fresh context
 * would only slow them. tests/offline.spec.ts allows it and tests the offline app itself.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 800, height: 1280 },
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx support/start-server.ts',
    cwd: import.meta.dirname,
    url: `${E2E_BASE_URL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_DATA_DIR },
  },
});
