import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer, type OwnServer } from '../support/own-server.js';

/*
 * Issue 33, item 4 (ADR 051): on an empty install (DEMO_DATA=false), the first administrator
 * made with `create-user --admin` finds a first-run checklist in the back office, follows a step
 * and sees it ticked off; a colleague without a facility is told so on Home, and whom to ask.
 */

const IT = { email: 'it@firstrun.example', password: 'a-long-admin-password' };
const NURSE = { email: 'nurse@firstrun.example', password: 'a-long-staff-password' };
const FACILITY = 'Birchwood Care Home';

async function signIn(page: Page, server: OwnServer, email: string, password: string) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
}

/** The checklist's step with this title. */
const step = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'First-run steps' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: title }),
    });

test('on an empty install an administrator sees the first-run checklist, follows a step and sees it ticked; staff are told whom to ask', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = ownServer(E2E_PORT + 59, { demoData: false });
  server.createUser([
    '--email',
    IT.email,
    '--name',
    'Ines IT',
    '--password',
    IT.password,
    '--admin',
  ]);
  server.createUser([
    '--email',
    NURSE.email,
    '--name',
    'Nora Nurse',
    '--password',
    NURSE.password,
    '--permission',
    'Patients_Surveys',
  ]);
  await server.start();
  try {
    // Staff on an empty install: not a dead end, but who to ask.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, server, NURSE.email, NURSE.password);
    await expect(
      staffPage.getByText('No facility is set up for you yet.', { exact: false }),
    ).toBeVisible();
    await expect(
      staffPage.getByText('Ask your CareVoice administrator', { exact: false }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(staffPage);
    await staffContext.close();

    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await signIn(page, server, IT.email, IT.password);
    // Home points the administrator to the checklist.
    await expect(page.getByText('No facility is set up yet:', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Open the first-run checklist' }).click();

    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('0 of 6 steps done')).toBeVisible();
    for (const title of [
      'Turn on two-factor sign-in',
      'Add your facility',
      'Add the employees',
      'Import the census',
      'Review the questionnaires',
      'Invite your staff',
    ]) {
      await expect(step(page, title).getByText('To do')).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('first-run-checklist-1024x768.png') });

    // The facility step leads to Facilities; once a facility exists it is ticked off.
    await step(page, 'Add your facility')
      .getByRole('link', { name: 'Open: Add your facility' })
      .click();
    await expect(page.getByRole('heading', { name: 'Facilities' })).toBeVisible();
    await page.getByRole('button', { name: 'New facility' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill(FACILITY);
    await form.getByRole('button', { name: 'Create facility' }).click();
    await expect(page.getByRole('cell', { name: FACILITY })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Administration' }).click();
    await expect(checklist.getByText('1 of 6 steps done')).toBeVisible();
    await expect(step(page, 'Add your facility').getByText('Done')).toBeVisible();
    await expect(step(page, 'Add your facility').getByText('1 facility')).toBeVisible();
    await expect(step(page, 'Add the employees').getByText('To do')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath('first-run-checklist-ticked-1024x768.png'),
      fullPage: true,
    });

    // Hidden on request, and back on request; it stays hidden after a reload.
    await checklist.getByRole('button', { name: 'Hide the checklist' }).click();
    await expect(checklist).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Show the first-run checklist' })).toBeVisible();
    await page.getByRole('button', { name: 'Show the first-run checklist' }).click();
    await expect(checklist.getByText('1 of 6 steps done')).toBeVisible();
    await context.close();
  } finally {
    await server.dispose();
  }
});
