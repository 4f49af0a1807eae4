import { expect, test, type Page } from '@playwright/test';
import { dueSurveys, facilityIdByName, inEnglish, type DueSurvey } from '../support/api.js';
import { cardName, expectNoSeriousA11yViolations, signIn } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';

// Whole interviews with accessibility scans on every screen: longer than one screen's test.
test.describe.configure({ timeout: 120_000 });

/**
 * Taking resident surveys in Chromium against the real server: admin@carevoice.test in Riverside
 * Senior Living, on the last due surveys (other suites take the first ones or other facilities).
 */
const FACILITY = 'Riverside Senior Living';
const ADMIN = 'admin@carevoice.test';

interface PrintCounter {
  printed: number;
  print: () => void;
}

/** Replaces the browser's print dialog with a counter (the dialog would block headless Chrome). */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PrintCounter;
    page.printed = 0;
    page.print = () => {
      page.printed += 1;
    };
  });
}

/** Home → Patient Surveys → the type's due list → the resident's card → Start Survey → Yes. */
async function openSurvey(page: Page, type: 'Admission' | 'Discharge', survey: DueSurvey) {
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Surveys', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `${type} Surveys`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Patient Surveys - ${type}` })).toBeVisible();
  await page.getByPlaceholder('Search here').fill(`${survey.last_name} ${survey.first_name}`);
  await page
    .getByRole('button', {
      name: `${survey.last_name}, ${survey.first_name} - ${survey.due_date}`,
    })
    .click();
  await page.getByRole('button', { name: 'Start Survey' }).click();
  await expect(page.getByText('Do you allow for us to conduct this survey?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Yes' }).click();
}

async function question(page: Page, position: number, text: string) {
  await expect(page.getByRole('heading', { name: `Question: ${position} ${text}` })).toBeVisible();
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Picks department → position → the first employee listed, and writes the review. */
async function acknowledge(page: Page, department: string, position: string, review: string) {
  await page.getByRole('button', { name: department, exact: true }).click();
  await page.getByRole('button', { name: position, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose an employee' })).toBeVisible();
  const employee = page.locator('main').getByRole('button').last();
  const name = await cardName(employee);
  await employee.click();
  const dialog = page.getByRole('dialog', { name: 'Add review here' });
  await dialog.getByRole('textbox', { name: 'Add review here' }).fill(review);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  return name;
}

test('a full Admission survey takes every branch kind, acknowledges two employees and prints the answers', async ({
  page,
}) => {
  await countPrints(page);
  await signIn(page, ADMIN);
  const facilityId = await facilityIdByName(page, FACILITY);
  // Each repeat (--repeat-each) takes its own survey: two workers never interview the same one.
  const due = await dueSurveys(page, facilityId, 'Admission');
  const survey = due.filter(inEnglish).at(-1 - test.info().repeatEachIndex) as DueSurvey;
  await openSurvey(page, 'Admission', survey);

  // A choice branch: 'Very welcome' jumps over the arrival question.
  await question(page, 1, 'How welcome did you feel when you arrived?');
  await next(page);
  await expect(page.getByText('Please answer the question to proceed.').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Very welcome', exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  await next(page);
  await question(page, 2, 'How clearly did the team explain your care plan?');
  await page.getByRole('combobox').selectOption('Very clearly');
  await next(page);
  // A Number threshold: 9 is above 7 and jumps over 'what would make your room better'.
  await question(page, 3, 'On a scale of 0 to 10, how comfortable is your room?');
  await page.getByRole('textbox').fill('9');
  await next(page);
  // A MultiPicklist branch: 'None of these yet' jumps over 'most helpful'.
  await question(page, 4, 'Which services have you used so far?');
  await page.getByRole('checkbox', { name: 'None of these yet', exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  await next(page);
  await question(page, 5, 'Would you recommend us to a friend or family member?');
  await page.getByRole('radio', { name: 'Yes', exact: true }).check();
  await next(page);
  await question(page, 6, 'Is there anything else you would like us to know?');
  await page.getByRole('textbox').fill('The garden is lovely.');
  await next(page);

  await expect(
    page.getByRole('heading', {
      name: 'Question: Are there any employees you would like to acknowledge for doing a good job?',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/employee-review$/);
  await expect(page.getByRole('heading', { name: 'Choose a department' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const nurse = await acknowledge(page, 'Nursing', 'Registered Nurse', 'Checked on me every hour.');
  await expect(
    page.getByRole('heading', {
      name: 'Is there any other employee you would like to acknowledge?',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  const chef = await acknowledge(page, 'Culinary', 'Chef', 'Made my favourite soup.');
  await expect(page.getByText(`${nurse} · Registered Nurse`)).toBeVisible();
  await expect(page.getByText(`${chef} · Chef`)).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();

  await expect(page.getByText('Successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/print-survey$/);
  await expect(
    page.getByRole('heading', { name: 'Thank you for completing the survey.' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Print' }).click();
  const patient = `${survey.first_name} ${survey.last_name}`;
  await expect(page.getByRole('heading', { name: `${patient} - Admission Survey` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Submitted Survey Question' })).toBeVisible();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(items.nth(0)).toContainText('How welcome did you feel when you arrived?');
  await expect(items.nth(0)).toContainText('Very welcome');
  await expect(items.nth(2)).toContainText('9');
  await expect(items.nth(3)).toContainText('None of these yet');
  await expect(items.nth(5)).toContainText('The garden is lovely.');
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as PrintCounter).printed))
    .toBe(1);
  await expectNoSeriousA11yViolations(page);

  // The survey left the due list, and a second submission is refused.
  const after = await dueSurveys(page, facilityId, 'Admission');
  expect(after.map((item) => item.id)).not.toContain(survey.id);
});

test('a reload in the middle of a survey resumes at the same question with the same answers', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const facilityId = await facilityIdByName(page, FACILITY);
  const survey = (await dueSurveys(page, facilityId, 'Discharge'))
    .filter(inEnglish)
    .at(-1) as DueSurvey;
  await openSurvey(page, 'Discharge', survey);

  await question(page, 1, 'Overall, how satisfied were you with your stay?');
  await page.getByRole('radio', { name: 'Unsatisfied', exact: true }).check();
  await next(page);
  await question(page, 2, 'What was the main reason you were not satisfied?');
  await page.getByRole('textbox').fill('The nights were noisy');
  await page.reload();

  await question(page, 2, 'What was the main reason you were not satisfied?');
  await expect(page.getByRole('textbox')).toHaveValue('The nights were noisy');
  await page.getByRole('button', { name: 'Prev' }).click();
  await question(page, 1, 'Overall, how satisfied were you with your stay?');
  await expect(page.getByRole('radio', { name: 'Unsatisfied', exact: true })).toBeChecked();

  // Home offers the survey in progress too.
  await page.goto('/');
  await expect(
    page.getByText(`Continue the Discharge survey of ${survey.first_name} ${survey.last_name}`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await question(page, 1, 'Overall, how satisfied were you with your stay?');
});

test('answers submitted while the server is down are kept and arrive once it is back', async ({
  page,
}) => {
  const server = ownServer(E2E_PORT + 17);
  await server.start();
  try {
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill('carevoice-demo');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    const facilityId = await facilityIdByName(page, FACILITY);
    const survey = (await dueSurveys(page, facilityId, 'Admission')).filter(
      inEnglish,
    )[0] as DueSurvey;
    await openSurvey(page, 'Admission', survey);

    await page.getByRole('radio', { name: 'Not at all welcome', exact: true }).check();
    await next(page);
    await question(page, 2, 'What could we have done to make your arrival easier?');
    await next(page);
    await page.getByRole('combobox').selectOption('Not explained yet');
    await next(page);
    await page.getByRole('textbox').fill('3');
    await next(page);
    await question(page, 5, 'What would make your room more comfortable?');
    await next(page);
    await page.getByRole('checkbox', { name: 'Dining', exact: true }).check();
    await next(page);
    await question(page, 7, 'Which service has helped you most so far?');
    await next(page);
    await page.getByRole('radio', { name: 'Maybe', exact: true }).check();
    await next(page);
    await next(page);
    await expect(
      page.getByRole('heading', { name: /acknowledge for doing a good job/ }),
    ).toBeVisible();

    await server.stop();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('Something went wrong.')).toBeVisible();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    await expect(page.getByText('1 submitted survey is waiting to be sent.')).toBeVisible();

    await server.start();
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
    const after = await dueSurveys(page, facilityId, 'Admission');
    expect(after.map((item) => item.id)).not.toContain(survey.id);
    const printed = await page.request.post(
      `${server.baseURL}/api/v1/users/fetch-question-answers/`,
      {
        data: { survey_id_list: [survey.id] },
      },
    );
    const answers = (await printed.json()) as { data: { answer: string | null }[] };
    expect(answers.data.map((row) => row.answer)).toEqual([
      'Not at all welcome',
      null,
      'Not explained yet',
      '3',
      null,
      'Dining',
      null,
      'Maybe',
      null,
    ]);
  } finally {
    await server.dispose();
  }
});
