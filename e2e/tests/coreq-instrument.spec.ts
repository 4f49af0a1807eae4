import { expect, test } from '@playwright/test';
import { facilityIdByName } from '../support/api.js';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';

test.describe.configure({ timeout: 120_000 });

/**
 * A validated instrument in the builder (issue 34 item 1, ADR 052), in Chromium against the real
 * server: an administrator adopts CoreQ Short Stay into a new set's questionnaire after a
 * confirmation; its four items lead the draft, locked with the reason, scored 1–5; the question
 * written before follows them; the preview shows the scores; axe finds nothing serious.
 */
const FACILITY = 'Riverside Senior Living';
const LOCKED =
  'Locked: an item of CoreQ: Short Stay Discharge. Its wording, order and scale are fixed by the instrument, so its answers count towards the measure.';

test('an administrator adopts CoreQ Short Stay and sees its items locked, scored and first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'admin@carevoice.test');
  const facilityId = await facilityIdByName(page, FACILITY);
  const setName = `CoreQ check ${Date.now().toString(36)}`;
  const created = await page.request.post(
    new URL('/api/v1/admin/survey-sets/', page.url()).toString(),
    {
      data: { name: setName, facility_ids: [facilityId] },
      headers: { origin: new URL(page.url()).origin },
    },
  );
  expect(created.status()).toBe(201);

  await page.goto('/admin/questionnaires');
  await page
    .getByRole('row', { name: new RegExp(setName) })
    .getByRole('link', { name: `Edit ${setName} — Survey set` })
    .click();
  await expect(page.getByRole('heading', { name: `${setName} — Survey set` })).toBeVisible();

  // A question of the facility's own, written first.
  await page.getByRole('button', { name: 'Add question' }).click();
  const own = page.locator('[data-question-key]').first();
  await own.getByRole('textbox', { name: 'Question (English)' }).fill('Anything else to tell us?');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 10_000,
  });

  await page.getByRole('button', { name: 'Adopt an instrument' }).click();
  const chooser = page.getByRole('dialog', { name: 'Adopt a validated instrument' });
  await chooser.getByRole('combobox', { name: 'Instrument' }).selectOption('coreq-ss');
  await expect(chooser.getByText('Spanish: unofficial translation')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await chooser.getByRole('button', { name: 'Adopt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Adopt a validated instrument' });
  await expect(confirm).toContainText('CoreQ: Short Stay Discharge: 4 items');
  await confirm.getByRole('button', { name: 'Adopt' }).click();

  const cards = page.locator('[data-question-key]');
  await expect(cards).toHaveCount(5);
  await expect(cards.nth(0)).toContainText(
    '1. In recommending this facility to your friends and family, how would you rate it overall?',
  );
  await expect(cards.nth(3)).toContainText(
    '4. How would you rate how well your discharge needs were met?',
  );
  await expect(cards.nth(4)).toContainText('5. Anything else to tell us?');
  for (let item = 0; item < 4; item += 1) {
    await expect(cards.nth(item).getByText(LOCKED)).toBeVisible();
  }
  await expect(cards.nth(4).getByText(LOCKED)).toHaveCount(0);

  // A locked item opens read-only, scored Poor = 1 … Excellent = 5.
  await cards.nth(0).getByRole('button', { name: 'Edit question 1' }).click();
  await expect(
    cards.nth(0).getByRole('textbox', { name: 'Question (English)' }),
  ).not.toBeEditable();
  await expect(cards.nth(0).getByRole('spinbutton', { name: 'Score of answer 1' })).toHaveValue(
    '1',
  );
  await expect(cards.nth(0).getByRole('spinbutton', { name: 'Score of answer 5' })).toHaveValue(
    '5',
  );
  await expect(cards.nth(0).getByRole('button', { name: 'Delete question 1' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The server holds the draft so: reloading shows the same.
  await page.reload();
  await expect(page.locator('[data-question-key]').nth(0)).toContainText('1. In recommending');
  await expect(page.getByText('Locked instrument: CoreQ: Short Stay Discharge')).toBeVisible();

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-scores')).toContainText(
    'Poor = 1 · Average = 2 · Good = 3 · Very Good = 4 · Excellent = 5',
  );
  await expectNoSeriousA11yViolations(page);
});
