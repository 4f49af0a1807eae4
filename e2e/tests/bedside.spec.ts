import { expect, test, type Page } from '@playwright/test';
import { dueSurveys, facilityIdByName } from '../support/api.js';
import { DEMO_PASSWORD } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, openConsent, signIn } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';

// Whole interviews with accessibility scans: longer than one screen's test.
test.describe.configure({ timeout: 150_000 });

/**
 * At the bedside (issue 17): a tablet and a phone, each on its own due surveys of Harbor View
 * (manager@carevoice.test), from the middle of the list (other suites take the first ones).
 */
const FACILITY = 'Harbor View Rehabilitation';
const MANAGER = 'manager@carevoice.test';
const VIEWPORTS = [
  { name: 'tablet', width: 1024, height: 768, offset: 10 },
  { name: 'phone', width: 390, height: 844, offset: 20 },
] as const;

async function dueSurvey(page: Page, type: 'Admission' | 'Discharge', index: number) {
  const facilityId = await facilityIdByName(page, FACILITY);
  const surveys = await dueSurveys(page, facilityId, type);
  const survey = index >= 0 ? surveys[index] : surveys[surveys.length + index];
  if (!survey) throw new Error(`no due ${type} survey at ${index}`);
  return survey;
}

/** Declines every question with `nonAnswer` until the acknowledgement question. */
async function declineEveryQuestion(page: Page, nonAnswer: 'Refused' | "Don't know") {
  const acknowledge = page.getByRole('heading', {
    name: 'Question: Are there any employees you would like to acknowledge for doing a good job?',
  });
  for (let position = 1; position < 60; position += 1) {
    const heading = page.getByRole('heading', { name: new RegExp(`^Question: ${position} `) });
    await expect(heading.or(acknowledge)).toBeVisible();
    if (await acknowledge.isVisible()) return;
    await page.getByRole('button', { name: nonAnswer }).click();
    await expect(page.getByRole('button', { name: nonAnswer })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Next' }).click();
  }
  throw new Error('the questionnaire did not end');
}

for (const viewport of VIEWPORTS) {
  test.describe(`at the bedside on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a family member answers, Refused is recorded and printed; after submitting, Back shows the finished survey, never its questions', async ({
      page,
    }, testInfo) => {
      await signIn(page, MANAGER);
      const survey = await dueSurvey(page, 'Admission', viewport.offset);
      await openConsent(page, FACILITY, 'Admission', survey);
      await page.getByRole('radio', { name: 'A family member' }).check();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Yes' }).click();

      await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
      await expect(page.getByText(`${survey.first_name}`, { exact: false }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      if (viewport.name === 'tablet') {
        await page.screenshot({ path: testInfo.outputPath('question-1024x768.png') });
      }
      await declineEveryQuestion(page, 'Refused');
      await page.getByRole('button', { name: 'No' }).click();
      await expect(page.getByText('Thank you for completing the survey.')).toBeVisible();

      await page.getByRole('button', { name: 'Print' }).click();
      await expect(page.getByText('Refused').first()).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'This survey is finished' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'This survey is finished' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('a refused consent is recorded with who declined and the survey leaves the due list', async ({
      page,
    }) => {
      await signIn(page, MANAGER);
      const survey = await dueSurvey(page, 'Discharge', viewport.name === 'tablet' ? -1 : -2);
      await openConsent(page, FACILITY, 'Discharge', survey);
      await page.getByRole('radio', { name: 'Another representative' }).check();
      await page.getByRole('button', { name: 'No' }).click();
      await expect(page.getByText('The refusal is recorded. The survey is closed.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
      const facilityId = await facilityIdByName(page, FACILITY);
      const left = await dueSurveys(page, facilityId, 'Discharge');
      expect(left.map((item) => item.id)).not.toContain(survey.id);
    });

    // The questions in the resident's language, and the one-tap switch: resident-language.spec.ts
    // (this facility offers English only).
    test("a Don't know answer moves on; the leaving dialog keeps the draft", async ({ page }) => {
      await signIn(page, MANAGER);
      const survey = await dueSurvey(page, 'Admission', viewport.offset + 1);
      await openConsent(page, FACILITY, 'Admission', survey);
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('heading', { name: /^Question: 1 / })).toBeVisible();
      await page.getByRole('button', { name: "Don't know" }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();

      await page.getByRole('link', { name: 'CareVoice, Home' }).click();
      await expect(page.getByRole('dialog', { name: 'Leave this survey?' })).toBeVisible();
      await page.getByRole('button', { name: 'Leave survey' }).click();
      await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
      await expect(page.getByText(new RegExp(survey.first_name)).first()).toBeVisible();
    });
  });
}

test.describe('the shared tablet locks itself', () => {
  const server = ownServer(E2E_PORT + 41, { env: { IDLE_LOCK_MINUTES: '0.1' } });
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => server.start());
  test.afterAll(async () => server.dispose());

  for (const viewport of VIEWPORTS) {
    test.describe(`on a ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('after the idle time nothing of the resident is readable, Back stays locked, the password resumes the survey exactly; Not you? ends the session', async ({
        page,
      }) => {
        await lockedAndResumed(page, viewport.name === 'tablet' ? 5 : 6);
      });
    });
  }
});

/**
 * A survey in progress on a server whose tablets lock after 6 s: locked, nothing of the resident
 * left, Back and a reload stay locked; the password resumes it; "Not you?" signs out.
 */
async function lockedAndResumed(page: Page, index: number): Promise<void> {
  await signIn(page, MANAGER);
  const survey = await dueSurvey(page, 'Admission', index);
  await openConsent(page, FACILITY, 'Admission', survey);
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Refused' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Locked' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(survey.last_name)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Locked' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Locked' })).toBeVisible();

  await page.getByLabel('Password or PIN').fill('wrong-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('That password or PIN is not right.')).toBeVisible();
  await page.getByLabel('Password or PIN').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  // Exactly where it locked: the same question, even after Back and a reload while locked.
  await expect(page.getByRole('heading', { name: /^Question: 2 / })).toBeVisible();
  await expect(page).toHaveURL(/\/survey-question$/);

  await expect(page.getByRole('heading', { name: 'Locked' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Not you? Sign in as someone else' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
}
