import { expect, test, type Locator, type Page } from '@playwright/test';
import { facilityIdByName } from '../support/api.js';
import {
  cardName,
  expectNoSeriousA11yViolations,
  lastActivePatient,
  signIn,
} from '../support/app.js';

// A whole questionnaire is written, previewed, published and taken: longer than one screen.
test.describe.configure({ timeout: 180_000 });

/**
 * The questionnaire builder (ADR 017) in Chromium against the real server: an administrator
 * writes a new survey set's questionnaire with every question type and a branch, reorders with
 * the keyboard, adds Spanish texts, previews it in Spanish, publishes it; a staff member then
 * takes it on the tablet and the answers print with the published wording.
 */
const FACILITY = 'Riverside Senior Living';

const card = (page: Page, position: number): Locator =>
  page.locator('[data-question-key]').nth(position - 1);

async function addQuestion(
  page: Page,
  position: number,
  type: string,
  english: string,
  spanish: string,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add question' }).click();
  const question = card(page, position);
  await expect(question.getByRole('button', { name: `Close question ${position}` })).toBeVisible();
  if (type !== 'One choice (buttons)') {
    await question.getByRole('combobox', { name: 'Type' }).selectOption({ label: type });
  }
  await question.getByRole('textbox', { name: 'Question (English)' }).fill(english);
  await question.getByRole('textbox', { name: 'Question (Spanish)' }).fill(spanish);
  return question;
}

async function fillOption(
  question: Locator,
  position: number,
  english: string,
  spanish: string,
): Promise<void> {
  if (
    (await question.getByRole('textbox', { name: `Option ${position} (English)` }).count()) === 0
  ) {
    await question.getByRole('button', { name: 'Add option' }).click();
  }
  await question.getByRole('textbox', { name: `Option ${position} (English)` }).fill(english);
  await question.getByRole('textbox', { name: `Option ${position} (Spanish)` }).fill(spanish);
}

test('an administrator builds, previews, translates and publishes a questionnaire; staff take it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'admin@carevoice.test');
  const facilityId = await facilityIdByName(page, FACILITY);
  const setName = `Sleep check ${Date.now().toString(36)}`;
  const created = await page.request.post(
    new URL('/api/v1/admin/survey-sets/', page.url()).toString(),
    {
      data: { name: setName, facility_ids: [facilityId] },
      headers: { origin: new URL(page.url()).origin },
    },
  );
  expect(created.status()).toBe(201);

  // The list: the new set's questionnaire, never published.
  await page.goto('/admin/questionnaires');
  const row = page.getByRole('row', { name: new RegExp(setName) });
  await expect(row).toContainText('Not published yet');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: `Edit ${setName} — Survey set` }).click();
  await expect(page.getByRole('heading', { name: `${setName} — Survey set` })).toBeVisible();

  // Every type, and a branch: "Yes" skips the Text question.
  const sleep = await addQuestion(
    page,
    1,
    'One choice (buttons)',
    'Did you sleep well last night?',
    '¿Durmió bien anoche?',
  );
  await fillOption(sleep, 1, 'Yes', 'Sí');
  await fillOption(sleep, 2, 'No', 'No');
  await sleep.getByRole('switch', { name: 'Option 2 raises an alert' }).check();
  const awake = await addQuestion(
    page,
    2,
    'Text',
    'What kept you awake?',
    '¿Qué le mantuvo despierto/a?',
  );
  await awake.getByRole('switch', { name: 'Required' }).uncheck();
  const hours = await addQuestion(
    page,
    3,
    'Number',
    'How many hours did you sleep?',
    '¿Cuántas horas durmió?',
  );
  await hours.getByRole('textbox', { name: 'Threshold' }).fill('6');
  await hours.getByRole('textbox', { name: 'Alert below' }).fill('3');
  const breakfast = await addQuestion(
    page,
    4,
    'One choice (list)',
    'How was breakfast?',
    '¿Cómo estuvo el desayuno?',
  );
  await fillOption(breakfast, 1, 'Good', 'Bueno');
  await fillOption(breakfast, 2, 'Poor', 'Malo');
  const activities = await addQuestion(
    page,
    5,
    'Several choices',
    'Which activities would you join?',
    '¿En qué actividades participaría?',
  );
  await fillOption(activities, 1, 'Music', 'Música');
  await fillOption(activities, 2, 'Walks', 'Paseos');
  await sleep
    .getByRole('combobox', { name: 'After option 1' })
    .selectOption({ label: 'Go to 3. How many hours did you sleep?' });
  await expect(page.getByText('No problems: ready to publish.')).toBeVisible();

  // Keyboard-only reordering: the handle of question 5 moves up with the arrow key, and back.
  const handle = page.getByRole('button', { name: /^Move question 5:/ });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(card(page, 4)).toContainText('4. Which activities would you join?');
  await expect(page.getByText('Question 5 moved to position 4.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(card(page, 5)).toContainText('5. Which activities would you join?');

  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('builder-editor.png'), fullPage: false });

  // Nothing is lost on a reload: the draft is on the server.
  await page.reload();
  await expect(page.getByText('5. Which activities would you join?')).toBeVisible();

  // The preview: the real runner, in Spanish, following the branch; nothing is sent.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  // The preview's own language choice (the runner inside offers the resident's switch too).
  await preview.getByText('Spanish', { exact: true }).first().click();
  await expect(
    preview.getByRole('heading', { name: 'Question: 1 ¿Durmió bien anoche?' }),
  ).toBeVisible();
  await preview.getByRole('radio', { name: 'Sí' }).check();
  // On a window too short for the question, Prev and Next stay in sight (issue 33: at 768 px
  // high they were below the fold).
  const viewport = page.viewportSize() ?? { width: 1024, height: 768 };
  await page.setViewportSize({ width: viewport.width, height: 420 });
  await expect(preview.getByRole('button', { name: 'Siguiente' })).toBeInViewport({ ratio: 1 });
  await expect(preview.getByRole('button', { name: 'Anterior' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(viewport);
  // A toast while a dialog is open starts below the dialog's close button, which stays usable
  // (issue 33): Prev at a set's first question says why it does nothing.
  await preview.getByRole('button', { name: 'Anterior' }).click();
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  const closeDialog = preview.getByRole('button', { name: 'Close', exact: true });
  const toastBox = await toast.boundingBox();
  const closeBox = await closeDialog.boundingBox();
  expect(toastBox?.y ?? 0).toBeGreaterThan((closeBox?.y ?? Infinity) + (closeBox?.height ?? 0));
  await closeDialog.click({ trial: true });
  await preview.getByRole('button', { name: 'Siguiente' }).click();
  await expect(
    preview.getByRole('heading', { name: 'Question: 2 ¿Cuántas horas durmió?' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('builder-preview.png') });
  await page.keyboard.press('Escape');

  // Publishing, confirmed.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this questionnaire?' });
  await expect(publish).toContainText('It becomes version 1');
  await page.screenshot({ path: test.info().outputPath('builder-publish.png') });
  await publish.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Version 1 is published.')).toBeVisible();
  await expect(page.getByText('Published: version 1')).toBeVisible();

  // A staff member takes it on the tablet.
  const staffContext = await browser.newContext({ viewport: { width: 800, height: 1280 } });
  const tablet = await staffContext.newPage();
  await tablet.addInitScript(() => {
    (globalThis as unknown as { print: () => void }).print = () => undefined;
  });
  await signIn(tablet, 'staff@carevoice.test');
  await tablet.getByRole('combobox', { name: 'Facility' }).click();
  await tablet.getByRole('option', { name: FACILITY }).click();
  await tablet.getByRole('button', { name: 'Patient Surveys' }).click();
  await expect(tablet.getByRole('heading', { name: 'Patient Surveys', exact: true })).toBeVisible();
  await tablet.getByRole('button', { name: 'Additional Surveys', exact: true }).click();
  await tablet.getByRole('combobox', { name: 'Survey set' }).click();
  await tablet.getByRole('option', { name: setName }).click();
  await expect(tablet.getByRole('heading', { name: 'Active Patients' })).toBeVisible();
  const resident = await lastActivePatient(tablet);
  const residentName = await cardName(resident);
  await resident.click();
  await expect(
    tablet.getByRole('heading', { name: 'Question: 1 Did you sleep well last night?' }),
  ).toBeVisible();
  await tablet.getByRole('radio', { name: 'Yes', exact: true }).check();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(
    tablet.getByRole('heading', { name: 'Question: 2 How many hours did you sleep?' }),
  ).toBeVisible();
  await tablet.getByRole('textbox', { name: /Question: 2/ }).fill('7');
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(
    tablet.getByRole('heading', { name: 'Question: 3 How was breakfast?' }),
  ).toBeVisible();
  await tablet.getByRole('combobox').selectOption('Good');
  await tablet.getByRole('button', { name: 'Next' }).click();
  await tablet.getByRole('checkbox', { name: 'Walks' }).check();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await tablet.getByRole('button', { name: 'No' }).click();
  await tablet.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(tablet.getByText('Successfully submitted.')).toBeVisible();
  await tablet.getByRole('button', { name: 'Print' }).click();
  await expect(
    tablet.getByRole('heading', { name: `${residentName} - ${setName} Survey` }),
  ).toBeVisible();
  const items = tablet.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Did you sleep well last night?');
  await expect(items.nth(0)).toContainText('Yes');
  await expect(items.nth(1)).toContainText('How many hours did you sleep?');
  await expect(items.nth(3)).toContainText('Walks');
  await staffContext.close();

  // The list shows who published which version.
  await page.goto('/admin/questionnaires');
  await expect(page.getByRole('row', { name: new RegExp(setName) })).toContainText('Version 1');
  await expect(page.getByRole('row', { name: new RegExp(setName) })).toContainText('Ada Admin');
  await page.screenshot({ path: test.info().outputPath('builder-list.png') });
});
