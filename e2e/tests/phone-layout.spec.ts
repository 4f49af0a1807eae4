import { expect, test, type Locator, type Page } from '@playwright/test';
import { lastActivePatient, signIn } from '../support/app.js';

/*
 * Phones (issue 31): no screen scrolls sideways at 360 × 740. Every route is walked for the
 * account that can open it — the public pages, the staff's bedside screens (reached through the
 * app, as their state comes from the screen before), Survey Results and recognition for the
 * manager, and the back office for the administrator — and on each, once its heading or content
 * is there, the page may be no wider than the window. Nothing is submitted or saved, so the
 * screens that only follow a submission (the printed survey) or a culinary set's questions are
 * not reached; they are built from the same frame and parts as those walked.
 */

const PHONE = { width: 360, height: 740 };
const FACILITY = 'Riverside Senior Living';

test.use({ viewport: PHONE });

/** Waits for the screen's own content, then checks that the page is no wider than the window. */
async function expectFits(page: Page, screen: string, ready: Locator): Promise<void> {
  await expect(ready, `${screen}: its content`).toBeVisible();
  // Lists and charts may still be arriving: measure once nothing is loading.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    interface Element {
      tagName: string;
      className: unknown;
      getBoundingClientRect(): { right: number };
    }
    const { document, innerWidth } = globalThis as unknown as {
      document: {
        documentElement: { scrollWidth: number };
        querySelectorAll(s: string): Element[];
      };
      innerWidth: number;
    };
    // For the failure message: the first elements that reach past the window's right edge.
    const widest = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
  expect(
    scrollWidth,
    `${screen} scrolls sideways at ${innerWidth} px (${widest.join(', ')})`,
  ).toBeLessThanOrEqual(innerWidth);
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined }).first();

async function openPatientSurveys(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  await expectFits(page, 'Patient Surveys (the chooser)', heading(page, 'Patient Surveys'));
}

test('the public pages fit a phone', async ({ page }) => {
  for (const [path, ready] of [
    ['/login', page.getByRole('button', { name: 'LOGIN' })],
    ['/forgot-password', page.getByRole('button').first()],
    ['/accept-invitation', page.getByRole('heading').first()],
    ['/recognition-opt-out', page.getByRole('heading').first()],
    ['/no-such-page', page.getByRole('heading').first()],
  ] as const) {
    await page.goto(path);
    await expectFits(page, path, ready);
  }
});

test('the staff screens fit a phone', async ({ page }) => {
  await signIn(page, 'staff@carevoice.test');
  await expectFits(page, 'Home', heading(page, 'Our Services'));

  await page.goto('/account');
  await expectFits(page, 'My account', heading(page, 'My account'));
  await page.goto('/');

  // A due list, a resident's choice, the delay screen, the consent and the first question.
  await openPatientSurveys(page);
  await page.getByRole('button', { name: 'Discharge Surveys', exact: true }).click();
  const cards = page.getByTestId('survey-card-row').getByRole('button');
  await expectFits(page, 'the due list', cards.first());
  await cards.first().click();
  await expectFits(page, 'the choice', page.getByRole('button', { name: 'Start Survey' }));
  await page.getByRole('button', { name: 'Delay Survey' }).click();
  await expectFits(page, 'Delay', heading(page, 'Select Delay Date'));
  await page.goBack();
  await page.getByRole('button', { name: "Can't Complete" }).click();
  await expectFits(page, "Can't Complete", heading(page, 'Are you sure ?'));
  await page.goBack();
  await page.getByRole('button', { name: 'Start Survey' }).click();
  await expectFits(
    page,
    'the consent',
    page.getByText('Do you allow for us to conduct this survey?'),
  );
  await page.getByRole('button', { name: 'Yes' }).click();
  await expectFits(page, 'a question', heading(page, /^Question: 1 /));
  // Every question declined (kept on the device only), then the employees to acknowledge.
  const acknowledge = heading(page, /^Question: Are there any employees you would like/);
  for (let position = 1; !(await acknowledge.isVisible()); position += 1) {
    await expect(
      heading(page, new RegExp(`^Question: ${position} `)).or(acknowledge),
    ).toBeVisible();
    if (await acknowledge.isVisible()) break;
    // In English or, for a Spanish-speaking resident, in Spanish (ADR 033).
    await page.getByRole('button', { name: /^(Refused|Prefiere no responder)$/ }).click();
    await page.getByRole('button', { name: /^(Next|Siguiente)$/ }).click();
  }
  await page.getByRole('button', { name: 'Yes' }).click();
  await expectFits(page, 'the departments', heading(page, 'Choose a department'));
  await page.getByRole('button', { name: 'Nursing', exact: true }).click();
  await expectFits(page, 'the positions', heading(page, 'Choose a position'));
  await page.locator('main').getByRole('button').last().click();
  await expectFits(page, 'the employees', heading(page, 'Choose an employee'));

  // A survey set: the set chooser, its residents and its first question.
  await page.goto('/');
  await openPatientSurveys(page);
  await page.getByRole('button', { name: 'Additional Surveys', exact: true }).click();
  await expectFits(page, 'Additional Surveys', heading(page, 'Additional Surveys'));
  await page.getByRole('combobox', { name: 'Survey set' }).click();
  await page.getByRole('option').first().click();
  await expectFits(page, 'Active Patients', heading(page, 'Active Patients'));
  await (await lastActivePatient(page)).click();
  await expect(page).toHaveURL(/\/survey-set-questions$/);
  await expectFits(page, 'a set question', heading(page, /^Question: 1 /));
});

test('Survey Results and recognition fit a phone', async ({ page }) => {
  await signIn(page, 'manager@carevoice.test');
  for (const [path, screen] of [
    ['/results', 'the dashboard'],
    ['/results/comments', 'the comments'],
    ['/results/alerts', 'the alerts'],
  ] as const) {
    await page.goto(path);
    await expectFits(page, screen, heading(page, 'Survey Results'));
  }
  // A survey kind's questions and charts → the surveys behind a figure → one survey.
  await page.goto('/results?period=365&type=Admission');
  const drillDown = page.getByRole('link', { name: /^Show the \d+ surveys? answering/ }).first();
  await expectFits(page, 'the questions of a survey kind', drillDown);
  await drillDown.click();
  const surveys = page.getByRole('table', { name: 'Surveys behind this figure' });
  await expectFits(page, 'the surveys behind a figure', surveys.locator('tbody tr').first());
  await surveys.locator('tbody tr').first().getByRole('link').click();
  await expectFits(page, 'one survey', page.getByRole('columnheader', { name: 'Question' }));

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  await page.getByRole('button', { name: /^Incentive Acknowledgement/ }).click();
  await expectFits(page, 'the review list', heading(page, 'Employee Acknowledgement List'));
  await page.getByRole('link', { name: 'Recognition summary' }).click();
  await expectFits(page, 'the recognition summary', heading(page, 'Recognition summary'));
  await page
    .getByRole('link', { name: /^Print a certificate for / })
    .first()
    .click();
  await expectFits(
    page,
    'a certificate',
    page.getByRole('article', { name: 'Certificate of Recognition' }),
  );
});

test('the back office fits a phone', async ({ page }) => {
  await signIn(page, 'admin@carevoice.test');
  for (const [path, section] of [
    ['/admin', 'Administration'],
    ['/admin/users', 'Users'],
    ['/admin/facilities', 'Facilities'],
    ['/admin/residents', 'Residents'],
    ['/admin/employees', 'Employees'],
    ['/admin/survey-sets', 'Survey sets'],
    ['/admin/questionnaires', 'Questionnaires'],
    ['/admin/audit', 'Audit log'],
  ] as const) {
    await page.goto(path);
    await expectFits(page, path, heading(page, section));
  }
});
