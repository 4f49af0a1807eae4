import { expect, test, type Page } from '@playwright/test';
import { dueSurveys, facilityIdByName, type DueSurvey } from '../support/api.js';
import { expectNoSeriousA11yViolations, openConsent, signIn } from '../support/app.js';

/**
 * The resident's language (issue 17, ADR 033): a Spanish-speaking resident of Maple Grove (which
 * offers English and Spanish) from the middle of the due Admission list. Nothing is submitted, so
 * the suites that count Maple Grove's surveys are not moved.
 */
const FACILITY = 'Maple Grove Care Home';
const MANAGER = 'manager@carevoice.test';

/**
 * A Spanish-speaking resident's due Admission survey from the middle of the list: the first and
 * the last are submitted by other suites. Each test runs in its own browser context, so both may
 * open the same survey (nothing is sent; the draft stays in that context).
 */
async function spanishResident(page: Page): Promise<DueSurvey> {
  const facilityId = await facilityIdByName(page, FACILITY);
  const spanish = (await dueSurveys(page, facilityId, 'Admission'))
    .slice(1, -1)
    .filter((survey) => survey.preferred_language === 'es');
  const survey = spanish[Math.floor(spanish.length / 2)];
  if (!survey) throw new Error('no Spanish-speaking resident with a due Admission survey');
  return survey;
}

test('a Spanish-speaking resident’s survey opens in Spanish; one tap switches to English; the staff’s buttons stay English', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  const survey = await spanishResident(page);
  await openConsent(page, FACILITY, 'Admission', survey);
  const consentLanguage = page.getByRole('group', { name: 'Language of the questions' });
  await expect(consentLanguage.getByRole('button', { name: 'Spanish' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Yes' }).click();

  const spanishHeading = page.getByRole('heading', { name: /^Question: 1 ¿/ });
  await expect(spanishHeading).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refused' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const language = page.getByRole('group', { name: 'Language of the questions' });
  await language.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: /^Question: 1 [^¿]/ })).toBeVisible();
  await expect(language.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A reload keeps this survey's choice.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Question: 1 [^¿]/ })).toBeVisible();
});

test('the consent screen changes the language for this survey only', async ({ page }) => {
  await signIn(page, MANAGER);
  const survey = await spanishResident(page);
  await openConsent(page, FACILITY, 'Admission', survey);
  await page
    .getByRole('group', { name: 'Language of the questions' })
    .getByRole('button', { name: 'English' })
    .click();
  await expect(page.getByText(/For this survey only/)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: /^Question: 1 [^¿]/ })).toBeVisible();

  // The resident's preference is unchanged: the due list still says Spanish.
  const facilityId = await facilityIdByName(page, FACILITY);
  const again = (await dueSurveys(page, facilityId, 'Admission')).find(
    (item) => item.id === survey.id,
  );
  expect(again?.preferred_language).toBe('es');
});
