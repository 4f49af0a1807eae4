import { expect, test, type Locator, type Page } from '@playwright/test';
import { facilityIdByName } from '../support/api.js';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';

test.describe.configure({ timeout: 180_000 });

/**
 * The builder carries CAHPS (issue 34 item 5, ADR 060) in Chromium against the real server: an
 * administrator writes a new survey set's questionnaire with interviewer text, a Number with a
 * range (the engine's error while it is reversed), a Rating with its end labels, an option that
 * ends the interview and Refused / Don't know that follow an option's branch; axe finds nothing
 * serious with these fields open; the preview shows the interviewer text apart from the
 * question, follows the non-answer's branch, shows the Rating's labels and ends at the ending option; the draft is published.
 */
const FACILITY = 'Riverside Senior Living';

const card = (page: Page, position: number): Locator =>
  page.locator('[data-question-key]').nth(position - 1);

async function addQuestion(
  page: Page,
  position: number,
  type: string | null,
  english: string,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add question' }).click();
  const question = card(page, position);
  await expect(question.getByRole('button', { name: `Close question ${position}` })).toBeVisible();
  if (type) await question.getByRole('combobox', { name: 'Type' }).selectOption({ label: type });
  await question.getByRole('textbox', { name: 'Question (English)' }).fill(english);
  return question;
}

async function fillOptions(question: Locator, labels: readonly string[]): Promise<void> {
  for (const [index, label] of labels.entries()) {
    const name = `Option ${index + 1} (English)`;
    if ((await question.getByRole('textbox', { name }).count()) === 0) {
      await question.getByRole('button', { name: 'Add option' }).click();
    }
    await question.getByRole('textbox', { name }).fill(label);
  }
}

test('an administrator builds a CAHPS-style draft, previews it and publishes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@carevoice.test');
  const facilityId = await facilityIdByName(page, FACILITY);
  const setName = `Dental check ${Date.now().toString(36)}`;
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

  // 1. A screener read with instructions for the interviewer; Refused / Don't know follow "No".
  const screener = await addQuestion(page, 1, null, 'Do you have a dentist?');
  await fillOptions(screener, ['Yes', 'No']);
  await screener
    .getByRole('textbox', { name: 'Interviewer text (staff only, not read out as the question)' })
    .fill('Read the answers aloud.');
  await screener
    .getByRole('textbox', { name: 'Interviewer text in Spanish' })
    .fill('Lea las respuestas en voz alta.');

  // 2. A Number with a range: the engine's error while the smallest is above the largest.
  const visits = await addQuestion(page, 2, 'Number', 'How many times did you see the dentist?');
  await visits.getByRole('textbox', { name: 'Smallest answer' }).fill('60');
  await visits.getByRole('textbox', { name: 'Largest answer' }).fill('10');
  await expect(
    visits.getByText('The smallest answer accepted is larger than the largest.'),
  ).toBeVisible();
  await visits.getByRole('textbox', { name: 'Smallest answer' }).fill('0');
  await visits.getByRole('textbox', { name: 'Largest answer' }).fill('60');
  await expect(
    visits.getByText('The smallest answer accepted is larger than the largest.'),
  ).toHaveCount(0);

  // 3. A Rating, its end labels required in English.
  const rating = await addQuestion(
    page,
    3,
    'Rating (0–10)',
    'Using any number from 0 to 10, what number would you use to rate the care?',
  );
  await expect(
    rating.getByText('Residents answer with a whole number from 0 to 10.'),
  ).toBeVisible();
  await expect(
    rating.getByText('Write the words at both ends of the 0–10 scale.').first(),
  ).toBeVisible();
  await rating
    .getByRole('textbox', { name: 'Label at 0', exact: true })
    .fill('Worst care possible');
  await rating
    .getByRole('textbox', { name: 'Label at 10', exact: true })
    .fill('Best care possible');
  await rating
    .getByRole('textbox', { name: 'Label at 0 in Spanish' })
    .fill('La peor atención posible');

  // 4. An option that ends the interview.
  const more = await addQuestion(page, 4, null, 'May I ask you a few more questions?');
  await fillOptions(more, ['Yes', 'No, stop here']);
  await more
    .getByRole('combobox', { name: 'After option 2' })
    .selectOption({ label: 'End the interview' });
  await addQuestion(page, 5, 'Text', 'What else would you like to tell us?');

  // The screener's branches, now that the later questions exist.
  await screener.getByRole('combobox', { name: 'After option 2' }).selectOption('q-3'); // Go to 3 (the keys of added questions are q-1, q-2, …)
  await screener
    .getByRole('combobox', { name: 'Refused and Don’t know follow' })
    .selectOption({ label: 'The branch of “No”' });
  await expect(card(page, 5)).toContainText('5. What else would you like to tell us?');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 10_000,
  });
  // Every card open, with its CAHPS fields.
  await expectNoSeriousA11yViolations(page);

  // The preview: Refused follows "No" past question 2; the Rating with its labels; the ending
  // option ends the preview before question 5.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(
    preview.getByRole('heading', { name: 'Question: 1 Do you have a dentist?' }),
  ).toBeVisible();
  await expect(preview.getByRole('complementary', { name: 'For the interviewer' })).toContainText(
    'Read the answers aloud.',
  );
  await preview.getByRole('button', { name: 'Refused' }).click();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(
    preview.getByRole('heading', { name: /^Question: 2 Using any number from 0 to 10/ }),
  ).toBeVisible();
  await expect(preview.getByText('Worst care possible', { exact: true })).toBeVisible();
  await expect(preview.getByText('Best care possible', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await preview.getByRole('radio', { name: '8', exact: true }).check();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(
    preview.getByRole('heading', { name: 'Question: 3 May I ask you a few more questions?' }),
  ).toBeVisible();
  await preview.getByRole('radio', { name: 'No, stop here' }).check();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(
    preview.getByText('End of the questionnaire. Nothing was saved or sent.'),
  ).toBeVisible();
  await expect(preview.getByText('What else would you like to tell us?')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Publishing, confirmed: the server takes the fields (its rules are the same engine's).
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this questionnaire?' });
  await publish.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Version 1 is published.')).toBeVisible();
  await expect(page.getByText('Published: version 1')).toBeVisible();

  // What was published carries the fields.
  const questionnaireId = new URL(page.url()).searchParams.get('id');
  const detail = await page.request.get(
    new URL(`/api/v1/admin/questionnaires/${questionnaireId}/`, page.url()).toString(),
  );
  const published = ((await detail.json()) as { published: { questions: unknown[] } }).published
    .questions as {
    interviewer_text?: unknown;
    non_answer_next?: string;
    number?: { min?: number; max?: number };
    labels?: unknown;
    options: { next: string | null }[];
  }[];
  expect(published[0]?.interviewer_text).toEqual({
    en: 'Read the answers aloud.',
    es: 'Lea las respuestas en voz alta.',
  });
  expect(published[0]?.non_answer_next).toBe('option-2');
  expect(published[1]?.number).toMatchObject({ min: 0, max: 60 });
  expect(published[2]?.labels).toEqual({
    low: { en: 'Worst care possible', es: 'La peor atención posible' },
    high: { en: 'Best care possible' },
  });
  expect(published[3]?.options[1]?.next).toBe('end');
});
