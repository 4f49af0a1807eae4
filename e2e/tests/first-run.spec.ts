import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer, type OwnServer } from '../support/own-server.js';

/*
 * Issue 33, item 4 (ADR 051): on an empty install (DEMO_DATA=false), the first administrator
 * made with `create-user --admin` finds a first-run checklist in the back office, follows a step
 * and sees it ticked off; a colleague without a facility is told so on Home, and whom to ask.
 * Then (issue 33's "done means", ADR 049 / 056) the census step: an EHR-shaped census export
 * (its own headers, "Last, First" names, US dates with two- and four-digit years, language
 * names) through the column mapping, the go-live date set in the preview, and exactly the
 * Admission surveys expected on the staff list.
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

/** A date `offset` days from today (UTC, the new facility's zone), as yyyy-MM-dd. */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** The same date as the EHR writes it, MM/dd/yyyy. */
function usDate(offset: number): string {
  const [year, month, date] = day(offset).split('-');
  return `${month}/${date}/${year}`;
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
  test.setTimeout(180_000);
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
    await form.getByRole('checkbox', { name: 'Spanish' }).check();
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

    // The census step: the EHR's export as it comes. Two residents were admitted years before
    // going live (one written with a two-digit year), two in the last days.
    const census = testInfo.outputPath('ehr-census.csv');
    fs.mkdirSync(path.dirname(census), { recursive: true });
    fs.writeFileSync(
      census,
      [
        'Resident #,Resident Name,Unit,Room,Admit Date,Discharge Date,Payer,Primary Language',
        '300101,"Lopez, Maria",North,101-A,06/15/24,,Medicaid,Spanish',
        '300102,"Baker, Henry",North,102-B,11/30/2023,,Medicare A,English',
        `300103,"Chen, Jr., Wei",South,205,${usDate(-7)},,Private Pay,English`,
        `300104,"Okafor, Ngozi",South,206,${usDate(-9)},,Medicare A,Español`,
      ].join('\r\n'),
    );
    await step(page, 'Import the census')
      .getByRole('link', { name: 'Open: Import the census' })
      .click();
    await expect(page.getByRole('heading', { name: 'Residents' })).toBeVisible();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV file').setInputFiles(census);
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByText('Match the file’s columns')).toBeVisible();
    const readAs = (header: string) =>
      dialog.getByRole('combobox', { name: `Read “${header}” as` });
    await expect(readAs('Resident #')).toHaveValue('client_id');
    await expect(readAs('Resident Name')).toHaveValue('full_name');
    await expect(readAs('Unit')).toHaveValue('');
    await expect(readAs('Admit Date')).toHaveValue('admitted_on');
    await expect(readAs('Primary Language')).toHaveValue('preferred_language');
    await dialog.getByRole('button', { name: 'Preview the import' }).click();

    // The preview: US dates confirmed (06/15/24 is 2024), and before a go-live date every
    // admission makes a survey.
    const dates = dialog.getByRole('radiogroup', { name: 'Dates in this file' });
    await expect(dates.getByRole('radio', { name: 'Month first (US), MM/dd/yyyy' })).toBeChecked();
    await expect(dialog.getByText('06/15/24 is read as Jun 15, 2024.')).toBeVisible();
    const surveys = dialog.getByText('Admission surveys to create').locator('xpath=..');
    await expect(surveys).toContainText('4');
    // The facility's first census: the go-live date is offered, and the counts follow it.
    const goLive = dialog.getByRole('region', { name: 'Go-live date' });
    await goLive.getByLabel('Go-live date').fill(day(-30));
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('first-census-go-live-1024x768.png') });
    await goLive.getByRole('button', { name: 'Set go-live date' }).click();
    await expect(dialog.getByText(`Go-live date set to ${day(-30)}.`)).toBeVisible();
    await expect(surveys).toContainText('2');
    await expect(surveys).not.toContainText('4');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Import 4 rows' }).click();
    await expect(page.getByText('Imported: 4 new, 0 changed.')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Chen, Jr., Wei' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Administration' }).click();
    await expect(step(page, 'Import the census').getByText('Done')).toBeVisible();
    await expect(step(page, 'Import the census').getByText('4 residents')).toBeVisible();

    // Exactly the surveys expected: the two admissions after going live, due 7 days after.
    await page.goto(`${server.baseURL}/`);
    await page.getByRole('button', { name: 'Patient Surveys' }).click();
    await page.getByRole('button', { name: 'Admission Surveys', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Patient Surveys - Admission' })).toBeVisible();
    const cards = page.getByTestId('survey-card-row').getByRole('button');
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Chen, Jr., Wei - ${day(0)}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Okafor, Ngozi - ${day(-2)}` })).toBeVisible();
    await context.close();
  } finally {
    await server.dispose();
  }
});
