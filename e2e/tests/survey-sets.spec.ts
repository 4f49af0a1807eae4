import { expect, test, type Page } from '@playwright/test';
import {
  cardName,
  expectNoSeriousA11yViolations,
  lastActivePatient,
  signIn,
} from '../support/app.js';

// Whole interviews with accessibility scans on every screen: longer than one screen's test.
test.describe.configure({ timeout: 120_000 });

/**
 * Additional surveys in Chromium against the real server, in Riverside Senior Living: a general
 * set with comments printed back, and a culinary set whose acknowledgements reach the manager.
 */
const FACILITY = 'Riverside Senior Living';

async function openSet(page: Page, setName: string): Promise<string> {
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  // The Patient Surveys tile's own text mentions additional surveys: wait for the chooser, and
  // name its button exactly, or a click could land on the tile again while the chooser loads.
  await expect(page.getByRole('heading', { name: 'Patient Surveys', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Additional Surveys', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Additional Surveys' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Survey set' }).click();
  await page.getByRole('option', { name: setName }).click();
  await expect(page.getByRole('heading', { name: 'Active Patients' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const resident = await lastActivePatient(page);
  const name = await cardName(resident);
  await resident.click();
  await expect(page).toHaveURL(/\/survey-set-questions$/);
  return name;
}

const comments = (page: Page) =>
  page.getByRole('textbox', { name: 'Please provide your additional comments...' });

test('a general set is answered with comments and printed back', async ({ page }) => {
  await page.addInitScript(() => {
    (globalThis as unknown as { print: () => void }).print = () => undefined;
  });
  await signIn(page, 'admin@carevoice.test');
  const resident = await openSet(page, 'As Needed');

  await expect(
    page.getByRole('heading', {
      name: 'Question: 1 Is there something we can help you with today?',
    }),
  ).toBeVisible();
  // Prev looks disabled at question 1 (aria-disabled) yet still says why when pressed.
  const prev = page.getByRole('button', { name: 'Prev' });
  await expect(prev).toHaveAttribute('aria-disabled', 'true');
  await prev.click({ force: true });
  await expect(page.getByText('This is the first question.')).toBeVisible();
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await comments(page).fill('Resident was in good spirits.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();
  // 'No' jumps to the day rating.
  await expect(
    page.getByRole('heading', { name: /^Question: 2 How would you rate your day/ }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /Question: 2/ }).fill('4');
  await page.getByRole('button', { name: 'Next' }).click();
  // 4 is above 3: jumps over 'what would make your day better'.
  await expect(
    page.getByRole('heading', { name: /^Question: 3 How is the noise level/ }),
  ).toBeVisible();
  await page.getByRole('combobox').selectOption('Too loud');
  await comments(page).fill('Hallway cart at night.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('heading', { name: /^Question: 4 What would you like more of/ }),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Music' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(
    page.getByRole('heading', {
      name: 'Are there any employees you would like to acknowledge for outstanding service?',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to submit?' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Submit Answers' }).click();

  await expect(page.getByText('Successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/print-survey$/);
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.getByRole('heading', { name: `${resident} - As Needed Survey` })).toBeVisible();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Resident was in good spirits.');
  await expect(items.nth(2)).toContainText('Too loud');
  await expect(items.nth(2)).toContainText('Hallway cart at night.');
  await expect(items.nth(3)).toContainText('Music');
  await expect(items.nth(3)).not.toContainText('Comment');
});

test('a culinary set acknowledges two culinary employees, and the manager sees them', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@carevoice.test');
  await openSet(page, 'Culinary Experience');

  await page.getByRole('combobox').selectOption('Excellent');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /^Question: 2 How many meals/ })).toBeVisible();
  await page.getByRole('textbox', { name: /Question: 2/ }).fill('10');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Mostly', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /^Question: 4 Is there a dish/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/culinary-department-review$/);
  await expect(page.getByRole('heading', { name: 'Active Employees' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const cards = page.locator('main').getByRole('button', { name: /Chef|Cook|Dietary Aide/ });
  const first = await cardName(cards.nth(0));
  const second = await cardName(cards.nth(1));
  // Unique per run, so a repeated run (--repeat-each) finds its own reviews among earlier ones.
  const run = Date.now().toString(36);
  const reviews = [
    `Culinary thanks for ${first} (${run})`,
    `Culinary thanks for ${second} (${run})`,
  ];
  await cards.nth(0).click();
  await page.getByRole('textbox', { name: 'Add review here' }).fill(reviews[0] as string);
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await cards.nth(1).click();
  await page.getByRole('textbox', { name: 'Add review here' }).fill(reviews[1] as string);
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'No' }).click();
  await page.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(page.getByText('Successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/print-survey$/);

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, 'manager@carevoice.test');
  await manager.getByRole('combobox', { name: 'Facility' }).click();
  await manager.getByRole('option', { name: FACILITY }).click();
  await manager.getByRole('button', { name: 'Incentive Acknowledgement' }).click();
  await expect(
    manager.getByRole('heading', { name: 'Employee Acknowledgement List' }),
  ).toBeVisible();
  for (const [index, name] of [first, second].entries()) {
    await manager.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(manager.getByRole('heading', { name: `${name}'s Reviews` })).toBeVisible();
    await expect(manager.getByText(reviews[index] as string)).toBeVisible();
  }
  await managerContext.close();
});
