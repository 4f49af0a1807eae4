import fs from 'node:fs';
import type { Question } from '@carevoice/shared';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { facilityIdByName, firstValidAnswer, getJson, submitDueSurvey } from '../support/api.js';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';

/**
 * Survey Results in Chromium against the real server and the demo year of surveys: a manager
 * filters the dashboard, drills down to one survey and prints it, exports CSV and Excel (both
 * files parsed), then acknowledges and resolves an alert raised a moment earlier by a survey that
 * a staff member submits in another browser context.
 */
const MANAGER = 'manager@carevoice.test';
const STAFF = 'staff@carevoice.test';
/**
 * Where the staff member's survey raises the alert: Maple Grove, whose due Admission surveys no
 * other suite counts (survey taking and the due list work in Riverside).
 */
const ALERT_FACILITY = 'Maple Grove Care Home';

/** The answers the demo questionnaires raise alerts for (DESIGN §8: options with `alert`). */
const ALERT_LABELS = ['Too loud', 'Poor'];

/** An answer that raises an alert where the question can, else a valid ordinary one. */
function alertingAnswer(question: Question): string | null {
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
    case 'MultiPicklist': {
      const labels = Object.keys(question.values);
      return labels.find((label) => ALERT_LABELS.includes(label)) ?? firstValidAnswer(question);
    }
    case 'Number':
      // The lowest answer: below an `alert_below` threshold where a question has one (a
      // question that refuses it gets its first valid answer).
      return '1';
    default:
      return firstValidAnswer(question);
  }
}

/**
 * Submits the facility's last due Admission survey through the real API, as the survey screens
 * would, with answers that raise alerts (the last: other suites take the first, and may run at
 * the same time). Returns the resident's name.
 */
async function submitAlertingSurvey(page: Page, facilityId: string): Promise<string> {
  const survey = await submitDueSurvey(page, facilityId, { last: true, answerFor: alertingAnswer });
  return `${survey.first_name} ${survey.last_name}`;
}

/** The first facility the manager holds, by name (the demo data's order). */
async function firstFacility(page: Page): Promise<{ id: string; name: string }> {
  const me = await getJson<{ sf_user_id: string }>(page, 'me/');
  const { facilities } = await getJson<{ facilities: { id: string; name: string }[] }>(
    page,
    `facility/permission/${me.sf_user_id}/`,
  );
  const facility = facilities[0];
  expect(facility, 'a facility').toBeDefined();
  return facility as { id: string; name: string };
}

// Several screens, two downloads and axe scans each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('a manager filters the dashboard, drills down to a survey and prints it, and exports CSV and Excel', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  const facility = await firstFacility(page);
  await page.getByRole('button', { name: /^Survey Results/ }).click();
  await expect(page).toHaveURL(/\/results(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Survey Results', level: 1 })).toBeVisible();

  // Filters: one facility, the last 365 days, the Admission survey — all in the address.
  await page.getByRole('combobox', { name: 'Facilities' }).click();
  await page.getByRole('option', { name: facility.name }).click();
  await page.keyboard.press('Escape');
  // Each choice is in the address before the next is made (a run under load once lost one).
  await expect(page).toHaveURL(new RegExp(`[?&]facility=${facility.id}`));
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 365 days' }).click();
  await page.getByRole('combobox', { name: 'Survey' }).click();
  await page.getByRole('option', { name: 'Admission' }).click();
  await expect(page).toHaveURL(
    new RegExp(`[?&]facility=${facility.id}&period=365&type=Admission$`),
  );
  await expect(page.getByRole('heading', { name: facility.name, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Answers by question' })).toBeVisible();
  const optionLink = page.getByRole('link', { name: /^Show the \d+ surveys? answering/ }).first();
  await expect(optionLink).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Comments: each names its resident with a link to the survey, marked by more than colour.
  await page.getByRole('link', { name: 'Comments', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Comments and text answers' })).toBeVisible();
  await expect(page.getByRole('listitem').getByRole('link').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Answers by question' })).toBeVisible();

  // Reload keeps the filters.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Survey' })).toHaveValue('Admission');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Last 365 days');

  // Drill down: an answer's count → the surveys behind it → one survey, printed.
  await page
    .getByRole('link', { name: /^Show the \d+ surveys? answering/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/results\/surveys\?.*question_key=.*option_key=/);
  await expect(page.getByRole('heading', { name: 'Surveys behind this figure' })).toBeVisible();
  const surveys = page.getByRole('table', { name: 'Surveys behind this figure' });
  await expect(surveys.locator('tbody tr').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await surveys.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/results\/survey\?id=/);
  await expect(page.getByRole('heading', { name: / - Admission Survey$/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Question' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => {
    const win = globalThis as unknown as { print: () => void; printed: number };
    win.printed = 0;
    win.print = () => {
      win.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  // The print is recorded with the server first (audited, ADR 043), then started.
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { printed: number }).printed))
    .toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: / - Admission Survey$/ })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Back twice: the dashboard with the same filters.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(
    new RegExp(`[?&]facility=${facility.id}&period=365&type=Admission$`),
  );

  // Exports: streamed with progress, saved as files; the address never changes.
  const url = page.url();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^survey-results-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = fs.readFileSync((await csv.path()) as string, 'utf8');
  expect(csvText.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = csvText
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  expect(header).toContain('Survey ID');
  expect(header).toContain('Resident');
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByText(/^Saved survey-results-.*\.csv\.$/)).toBeVisible();

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path()) as string);
  const responses = workbook.getWorksheet('Responses');
  expect(responses, 'the Responses sheet').toBeDefined();
  const headings = (responses?.getRow(1).values as unknown[]).map(String);
  expect(headings).toContain('Survey ID');
  expect(responses?.rowCount ?? 0).toBe(rows.length + 1);
  expect(page.url()).toBe(url);
});

test('a manager acknowledges and resolves an alert raised a moment earlier by a staff member', async ({
  page,
  browser,
}) => {
  // Another browser context: a staff member submits a survey whose answers raise alerts.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF);
  const resident = await submitAlertingSurvey(staff, await facilityIdByName(staff, ALERT_FACILITY));
  await staffContext.close();

  await signIn(page, MANAGER);
  await expect(
    page.getByRole('button', { name: /^Survey Results \d+ open alerts?/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Survey Results/ }).click();
  await page.getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/results\/alerts$/);
  const open = page.getByRole('list', { name: 'Open alerts' });
  const card = open.getByRole('listitem').filter({ hasText: resident }).first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('switch', { name: /Mail me when an alert is raised/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(page.getByText('Alert acknowledged.')).toBeVisible();

  await page.getByText('Acknowledged', { exact: true }).first().click();
  await expect(page).toHaveURL(/status=acknowledged/);
  const acknowledged = page
    .getByRole('list', { name: 'Acknowledged alerts' })
    .getByRole('listitem')
    .filter({ hasText: resident })
    .first();
  await expect(acknowledged.getByText(/^Acknowledged by /)).toBeVisible();

  // Resolve: the note is required; the dialog keeps the keyboard inside.
  await acknowledged.getByRole('button', { name: /^Resolve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve the alert' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByText('Write what was done.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog
    .getByRole('textbox', { name: /What was done/ })
    .fill('Spoke with the resident and moved the room.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Alert resolved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByText('Resolved', { exact: true }).first().click();
  const resolved = page
    .getByRole('list', { name: 'Resolved alerts' })
    .getByRole('listitem')
    .filter({ hasText: resident })
    .first();
  await expect(resolved.getByText(/^Resolved by /)).toBeVisible();
  await expect(resolved.getByText(/Spoke with the resident and moved the room\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
