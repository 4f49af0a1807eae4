import type { AcknowledgementListResponse, ActiveEmployeesResponse } from '@carevoice/shared';
import { expect, test, type Page } from '@playwright/test';
import { facilityIdByName, getJson, submitDueSurvey } from '../support/api.js';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';

/**
 * Manager review of employee acknowledgements in Chromium against the real server. The manager
 * decides in Harbor View and files the markup review in Maple Grove; the other suites work in
 * Riverside, so the counts here are not moved by them.
 */
const MANAGER = 'manager@carevoice.test';
const STAFF = 'staff@carevoice.test';
const DECISIONS_FACILITY = 'Harbor View Rehabilitation';
const MARKUP_FACILITY = 'Maple Grove Care Home';
const MARKUP_REVIEW = '<img src=x onerror=alert(1)>';
const API = '/api/v1/users';

const pendingList = (page: Page, facilityId: string) =>
  getJson<AcknowledgementListResponse>(page, `acknowledgement-employee-list/${facilityId}/`);

const waiting = (count: number) => (count === 1 ? '1 review waiting' : `${count} reviews waiting`);

/** Home → the facility → Incentive Acknowledgement. */
async function openList(page: Page, facility: string) {
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: facility }).click();
  await page.getByRole('button', { name: /^Incentive Acknowledgement/ }).click();
  await expect(page).toHaveURL(/\/acknowledgement-list$/);
  await expect(page.getByRole('heading', { name: 'Employee Acknowledgement List' })).toBeVisible();
}

const employeeButton = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Employees with reviews waiting' })
    .getByRole('button', { name: new RegExp(`^${name},`) });

const reviewsTable = (page: Page) => page.getByRole('table', { name: /'s Reviews$/ });

/**
 * Files a survey through the real API with one acknowledgement whose review is `review`, as the
 * survey screens would: a due Admission survey, answers along the shared engine's path, and an
 * employee of the active-employee list. Returns the acknowledged employee's name.
 */
async function fileAcknowledgement(page: Page, facilityId: string, review: string) {
  const departments = await getJson<ActiveEmployeesResponse>(
    page,
    `active/employee/${facilityId}/`,
  );
  const [department, positions] = Object.entries(departments)[0] ?? [];
  const [position, entries] = Object.entries(positions ?? {})[0] ?? [];
  const entry = entries?.[0];
  expect(entry, 'an active employee').toBeDefined();
  const cut = (entry as string).lastIndexOf('-');
  const name = (entry as string).slice(0, cut);
  const code = (entry as string).slice(cut + 1);
  await submitDueSurvey(page, facilityId, {
    ackData: [
      {
        id: code,
        name,
        position: position as string,
        department: department as string,
        comment: review,
      },
    ],
  });
  return name;
}

test('the manager sees the badges and the table, approves one review and denies another', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  const facilityId = await facilityIdByName(page, DECISIONS_FACILITY);
  const before = await pendingList(page, facilityId);
  expect(before.length).toBeGreaterThan(1);

  await openList(page, DECISIONS_FACILITY);
  await expect(page.getByText(DECISIONS_FACILITY)).toBeVisible();
  for (const employee of before) {
    const button = employeeButton(page, employee.name);
    await expect(button).toHaveAccessibleName(
      `${employee.name}, ${waiting(employee.reviews.length)}`,
    );
    await expect(button).toContainText(String(employee.reviews.length));
  }
  await expect(page.getByText('Choose an employee to see the reviews waiting')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The employee with the most reviews waiting.
  const employee = [...before].sort((a, b) => b.reviews.length - a.reviews.length)[0];
  if (!employee) throw new Error('no employee');
  const count = employee.reviews.length;
  expect(count).toBeGreaterThanOrEqual(2);
  await employeeButton(page, employee.name).click();
  await expect(page.getByRole('heading', { name: `${employee.name}'s Reviews` })).toBeVisible();
  const table = reviewsTable(page);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Patient Name',
    'Survey Date',
    'Review',
    'Action',
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(count);
  for (const review of employee.reviews) {
    const row = rows.filter({ hasText: review.review });
    await expect(row.getByRole('cell').nth(0)).toHaveText(review.patient_name ?? 'N/A');
    await expect(row.getByRole('cell').nth(1)).toHaveText(review.survey_date ?? 'N/A');
  }
  await expectNoSeriousA11yViolations(page);

  const [approved, denied] = employee.reviews;
  if (!approved || !denied) throw new Error('two reviews needed');

  await rows
    .filter({ hasText: approved.review })
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(page.getByText('Successfully Approved')).toBeVisible();
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.filter({ hasText: approved.review })).toHaveCount(0);
  await expect(employeeButton(page, employee.name)).toHaveAccessibleName(
    `${employee.name}, ${waiting(count - 1)}`,
  );

  // Deny asks for a reason first (recognition, DESIGN §8).
  await rows.filter({ hasText: denied.review }).getByRole('button', { name: /^Deny/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Deny this review' });
  await dialog.getByRole('radio', { name: 'Duplicate' }).check();
  await dialog.getByRole('button', { name: 'Deny review' }).click();
  await expect(page.getByText('Successfully Denied')).toBeVisible();
  await expect(rows).toHaveCount(count - 2);
  await expect(rows.filter({ hasText: denied.review })).toHaveCount(0);

  // The server agrees, and the decisions stay after leaving and coming back.
  const after = await pendingList(page, facilityId);
  const afterIds = after.flatMap((item) => item.reviews.map((review) => review.id));
  expect(afterIds).not.toContain(approved.id);
  expect(afterIds).not.toContain(denied.id);
  const again = await page.request.post(`${API}/acknowledgement-employee-list/${facilityId}/`, {
    data: {
      user_id: (await getJson<{ sf_user_id: string }>(page, 'me/')).sf_user_id,
      result: 'Denied',
      id: approved.id,
      reason: 'Duplicate',
    },
  });
  expect(again.status()).toBe(409);

  await page.getByRole('link', { name: 'Back' }).click();
  await openList(page, DECISIONS_FACILITY);
  if (count > 2) {
    await expect(employeeButton(page, employee.name)).toHaveAccessibleName(
      `${employee.name}, ${waiting(count - 2)}`,
    );
  } else {
    await expect(employeeButton(page, employee.name)).toHaveCount(0);
  }
});

test('staff never see the tile and are refused the list', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page.getByRole('button', { name: /^Patient Surveys/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Incentive Acknowledgement/ })).toHaveCount(0);

  // Typed address: no facility in the navigation state, so the screen sends them Home.
  await page.goto('/acknowledgement-list');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();

  // With a facility of theirs in the navigation state, the server refuses and the screen says so.
  const facilityId = await facilityIdByName(page, MARKUP_FACILITY);
  // React Router keeps the navigation state under `usr`; popstate makes it read the entry.
  const state = JSON.stringify({ usr: { facility_id: facilityId }, key: 'staff', idx: 1 });
  await page.evaluate(`(() => {
    history.pushState(${state}, '', '/acknowledgement-list');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  })()`);
  await expect(page).toHaveURL(/\/acknowledgement-list$/);
  await expect(page.getByRole('alert')).toContainText(
    'You do not have access to employee acknowledgements in this facility.',
  );
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Employees with reviews waiting' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const direct = await page.request.get(`${API}/acknowledgement-employee-list/${facilityId}/`);
  expect(direct.status()).toBe(403);

  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
});

test('a review written as markup is shown as plain text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, MANAGER);
  const facilityId = await facilityIdByName(page, MARKUP_FACILITY);
  const name = await fileAcknowledgement(page, facilityId, MARKUP_REVIEW);

  await openList(page, MARKUP_FACILITY);
  await employeeButton(page, name).click();
  const table = reviewsTable(page);
  const cell = table.getByRole('cell', { name: MARKUP_REVIEW, exact: true });
  await expect(cell).toBeVisible();
  await expect(cell).toHaveText(MARKUP_REVIEW);
  await expect(table.locator('img')).toHaveCount(0);
  await expect(page.locator('main img')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(dialogs).toEqual([]);
});
