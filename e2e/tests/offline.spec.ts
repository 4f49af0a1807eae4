import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { dueSurveys, facilityIdByName, type DueSurvey } from '../support/api.js';
import { DEMO_PASSWORD } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, openConsent, signIn } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';

// A whole interview, two reloads without a connection and the service worker's installation.
test.describe.configure({ timeout: 150_000 });

/**
 * The offline app (issue 17 "Works offline", ADR 032), on a server of its own so the survey and
 * acknowledgement it files move no other suite's counts. The rest of the suite blocks service
 * workers (playwright.config.ts); these tests allow them.
 */
const FACILITY = 'Harbor View Rehabilitation';
const MANAGER = 'manager@carevoice.test';
const OFFLINE =
  'You are offline. Surveys in progress can be finished; answers are sent when the connection returns.';
/** The lock screen without a connection (ADR 035): the tablet checks, or it cannot this time. */
const UNLOCK_OFFLINE =
  'You are offline. This tablet checks your password or PIN itself, and you go on where you were; answers are sent when the connection returns.';
const UNLOCK_NEEDS_CONNECTION =
  'You are offline, and this time unlocking needs the connection. Your survey waits safely on this tablet: unlock when the connection returns.';
/** The service worker's cache of API answers (apps/web/src/config/offline.ts). */
const API_CACHE = 'carevoice-survey-api';
const REVIEW = 'Stayed with me through a long night.';
/** The built service worker the servers serve (apps/web/dist). */
const SERVICE_WORKER_FILE = path.resolve(import.meta.dirname, '../../apps/web/dist/sw.js');

const server = ownServer(E2E_PORT + 43);
test.use({ baseURL: server.baseURL, serviceWorkers: 'allow' });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

/** The parts of the browser's window these tests read (this project's tsconfig has no DOM lib). */
interface WorkerWindow {
  navigator: {
    serviceWorker?: {
      controller: unknown;
      getRegistration(): Promise<{ waiting: unknown; update(): Promise<unknown> } | undefined>;
    };
  };
  caches: { open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
}

/** Waits until the service worker has installed the app and controls the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (globalThis as unknown as WorkerWindow).navigator.serviceWorker?.controller != null,
    undefined,
    { timeout: 30_000 },
  );
}

/** The paths of the API answers the service worker keeps in its cache. */
function keptApiAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await (globalThis as unknown as WorkerWindow).caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, API_CACHE);
}

/** Asks the server for a new service worker, as the browser does on a page load. */
function checkForUpdate(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const registration = await (
      globalThis as unknown as WorkerWindow
    ).navigator.serviceWorker?.getRegistration();
    await registration?.update();
  });
}

/** Whether a new version's service worker is installed and waiting. */
function updateWaiting(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await (
      globalThis as unknown as WorkerWindow
    ).navigator.serviceWorker?.getRegistration();
    return registration?.waiting != null;
  });
}

/** Home → Patient Surveys → Admission → the resident → Start Survey → Yes: question 1. */
async function startSurvey(page: Page, survey: DueSurvey): Promise<void> {
  await openConsent(page, FACILITY, 'Admission', survey);
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: /^Question: 1 / })).toBeVisible();
}

/** Refuses every question until the acknowledgement question. */
async function refuseTheRest(page: Page): Promise<void> {
  const acknowledge = page.getByRole('heading', {
    name: 'Question: Are there any employees you would like to acknowledge for doing a good job?',
  });
  for (let step = 0; step < 60; step += 1) {
    await expect(
      page.getByRole('heading', { name: /^Question: \d+ /u }).or(acknowledge),
    ).toBeVisible();
    if (await acknowledge.isVisible()) return;
    await page.getByRole('button', { name: 'Refused' }).click();
    await expect(page.getByRole('button', { name: 'Refused' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Next' }).click();
  }
  throw new Error('the questionnaire did not end');
}

test('the app is installable: a manifest with CareVoice and its icons, a worker that is always revalidated', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'CareVoice', start_url: '/', display: 'standalone' });
  for (const sizes of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      expect(manifest.icons, `${purpose} icon ${sizes}`).toContainEqual(
        expect.objectContaining({ sizes, purpose, type: 'image/png' }),
      );
    }
  }
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toContain(icon.type);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await workerInControl(page);
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a survey started online is finished without a connection, survives reloads, and is sent when the connection returns', async ({
    page,
    context,
  }, testInfo) => {
    await signIn(page, MANAGER);
    await workerInControl(page);
    const facilityId = await facilityIdByName(page, FACILITY);
    const survey = (await dueSurveys(page, facilityId, 'Admission'))[0] as DueSurvey;
    await startSurvey(page, survey);

    // Online, the questionnaire and the employee list went through the worker and are kept;
    // nothing else of the API is (no session, permission or due-list call).
    await expect
      .poll(() => keptApiAnswers(page))
      .toEqual(
        expect.arrayContaining([
          `/api/v1/users/survey-questions/Admission/${facilityId}/`,
          `/api/v1/users/active/employee/${facilityId}/`,
        ]),
      );
    expect(await keptApiAnswers(page)).toHaveLength(2);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toBeVisible();
    await expect(banner).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Refused' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();

    // A reload in the dead spot: the app comes from the worker, the survey from the tablet.
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('offline-question-1024x768.png') });

    await refuseTheRest(page);
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a department' })).toBeVisible();
    await page.getByRole('button', { name: 'Nursing', exact: true }).click();
    await page.getByRole('button', { name: 'Registered Nurse', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Choose an employee' })).toBeVisible();
    await page.locator('main').getByRole('button').last().click();
    const dialog = page.getByRole('dialog', { name: 'Add review here' });
    await dialog.getByRole('textbox', { name: 'Add review here' }).fill(REVIEW);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('heading', {
        name: 'Is there any other employee you would like to acknowledge?',
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'No' }).click();

    // Submitted without a connection: kept on the tablet (ADR 006), Home says it waits.
    await expect(
      page.getByText(
        'Your answers are saved on this tablet and will be sent as soon as the server can be reached.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    const waiting = page.getByText('1 submitted survey is waiting to be sent.');
    await expect(waiting).toBeVisible();
    await page.reload();
    await expect(waiting).toBeVisible();
    await expect(banner).toBeVisible();

    // The connection returns: the queue goes at once (the browser's online event), no Send now.
    await context.setOffline(false);
    await expect(page.getByText('1 survey sent')).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(banner).toHaveCount(0);

    const left = await dueSurveys(page, facilityId, 'Admission');
    expect(left.map((item) => item.id)).not.toContain(survey.id);
    const answers = await page.request.post('/api/v1/users/fetch-question-answers/', {
      data: { survey_id_list: [survey.id] },
    });
    expect(answers.status()).toBe(200);
    expect(((await answers.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const acknowledgements = await page.request.get(
      `/api/v1/users/acknowledgement-employee-list/${facilityId}/`,
    );
    const reviews = ((await acknowledgements.json()) as { reviews: { review: string }[] }[])
      .flatMap((employee) => employee.reviews)
      .map((review) => review.review);
    expect(reviews).toContain(REVIEW);

    // Signing out leaves nothing of the session's API answers on the shared tablet.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    expect(await keptApiAnswers(page)).toEqual([]);
  });
});

test.describe('a tablet that locks itself in a dead spot (ADR 035)', () => {
  // Locks after 9 s without a touch.
  const locking = ownServer(E2E_PORT + 47, { env: { IDLE_LOCK_MINUTES: '0.15' } });
  test.use({ baseURL: locking.baseURL, viewport: { width: 1024, height: 768 } });
  test.beforeAll(async () => locking.start());
  test.afterAll(async () => locking.dispose());

  test('unlocks without a connection with the password, never with a wrong one, the survey is finished and sent when the connection returns; after a reload unlocking waits for the connection', async ({
    page,
    context,
  }) => {
    // The app installs on Login, before the idle time starts counting behind the guard.
    await page.goto('/login');
    await workerInControl(page);
    await signIn(page, MANAGER);
    const facilityId = await facilityIdByName(page, FACILITY);
    const survey = (await dueSurveys(page, facilityId, 'Admission'))[0] as DueSurvey;
    await startSurvey(page, survey);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Refused' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();

    const locked = page.getByRole('heading', { name: 'Locked' });
    await expect(locked).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(survey.last_name)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: UNLOCK_OFFLINE })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const secret = page.getByLabel('Password or PIN');
    await secret.fill('wrong-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('That password or PIN is not right.')).toBeVisible();
    await expect(locked).toBeVisible();
    await secret.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    // Exactly where it locked, without the server.
    await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();
    await expect(locked).toHaveCount(0);

    await refuseTheRest(page);
    await page.getByRole('button', { name: 'No' }).click();
    const waiting = page.getByText('1 submitted survey is waiting to be sent.');
    await expect(waiting).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('1 survey sent')).toBeVisible();
    const left = await dueSurveys(page, facilityId, 'Admission');
    expect(left.map((item) => item.id)).not.toContain(survey.id);

    // Locked again, and reloaded in a dead spot: nothing in memory to check the password
    // against, so unlocking waits for the connection; "Not you?" is still there.
    await expect(locked).toBeVisible({ timeout: 15_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(locked).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: UNLOCK_NEEDS_CONNECTION }),
    ).toBeVisible();
    await secret.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(secret).toHaveValue('');
    await expect(locked).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Not you? Sign in as someone else' }),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(UNLOCK_NEEDS_CONNECTION)).toHaveCount(0);
    await secret.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  });
});

test.describe('a new deployment on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('its version is offered between surveys, never during one, and Reload switches to it', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await workerInControl(page);
    const facilityId = await facilityIdByName(page, FACILITY);
    const survey = (await dueSurveys(page, facilityId, 'Admission'))[1] as DueSurvey;
    await startSurvey(page, survey);

    // The server now has a new deployment: a service worker that differs from the running one.
    // (The browser fetches a worker's script itself, past Playwright's routes, so the built file
    // changes for the length of this test.)
    const deployed = fs.readFileSync(SERVICE_WORKER_FILE, 'utf8');
    fs.writeFileSync(SERVICE_WORKER_FILE, `${deployed}\n// the next deployment\n`);
    try {
      await checkForUpdate(page);
      await expect.poll(() => updateWaiting(page)).toBe(true);

      // In front of the resident: no prompt, the survey goes on.
      const ready = page.getByText('A new version of CareVoice is ready.');
      await page.getByRole('button', { name: 'Refused' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();
      await expect(ready).toHaveCount(0);

      // Between surveys: offered, and Reload brings the new version in.
      await page.getByRole('link', { name: 'CareVoice, Home' }).click();
      await page.getByRole('button', { name: 'Leave survey' }).click();
      await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
      await expect(ready).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
      await expect.poll(() => updateWaiting(page)).toBe(false);
      await expect(ready).toHaveCount(0);
      // The survey left for the prompt is still there to continue.
      await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    } finally {
      fs.writeFileSync(SERVICE_WORKER_FILE, deployed);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a survey started online is finished without a connection, survives a reload, and is sent when the connection returns', async ({
    page,
    context,
  }) => {
    await signIn(page, MANAGER);
    await workerInControl(page);
    const facilityId = await facilityIdByName(page, FACILITY);
    // Not the tablet's surveys (the first two): this one is sent too.
    const survey = (await dueSurveys(page, facilityId, 'Admission'))[2] as DueSurvey;
    await startSurvey(page, survey);
    await expect
      .poll(() => keptApiAnswers(page))
      .toContain(`/api/v1/users/survey-questions/Admission/${facilityId}/`);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Refused' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();
    await expect(banner).toBeVisible();

    await refuseTheRest(page);
    await page.getByRole('button', { name: 'No' }).click();
    await expect(
      page.getByText(
        'Your answers are saved on this tablet and will be sent as soon as the server can be reached.',
      ),
    ).toBeVisible();
    const waiting = page.getByText('1 submitted survey is waiting to be sent.');
    await expect(waiting).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await context.setOffline(false);
    await expect(page.getByText('1 survey sent')).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    const left = await dueSurveys(page, facilityId, 'Admission');
    expect(left.map((item) => item.id)).not.toContain(survey.id);
  });

  test('the offline banner shows what works and what waits, in view, until the connection returns', async ({
    page,
    context,
  }) => {
    await signIn(page, MANAGER);
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
  });
});
