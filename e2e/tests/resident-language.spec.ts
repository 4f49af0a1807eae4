import { expect, test, type Page } from '@playwright/test';
import { activePatients, dueSurveys, facilityIdByName, type DueSurvey } from '../support/api.js';
import { expectNoSeriousA11yViolations, findDueCard, openConsent, signIn } from '../support/app.js';

/**
 * The resident's language (issue 17, ADR 033): a Spanish-speaking resident of Maple Grove (which
 * offers English and Spanish) from the middle of the due Admission list, on a tablet and on a
 * phone. Nothing is submitted, so the suites that count Maple Grove's surveys are not moved.
 */
const FACILITY = 'Maple Grove Care Home';
const MANAGER = 'manager@carevoice.test';
/** The mark of a resident card whose resident prefers Spanish. */
const PREFERS_SPANISH = 'Prefers Spanish';
const VIEWPORTS = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A Spanish-speaking resident's due Admission survey from the middle of the list: the first and
 * the last are submitted by other suites. Each test runs in its own browser context, so several
 * may open the same survey (nothing is sent; the draft stays in that context).
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

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the due list marks a Spanish-speaking resident’s card; the survey opens in Spanish; one tap switches to English, the resident’s controls with it', async ({
      page,
    }) => {
      await signIn(page, MANAGER);
      const survey = await spanishResident(page);
      const card = await findDueCard(page, FACILITY, 'Admission', survey);
      // In words on the card, and read as its description; the card's name is the spec's text.
      await expect(card).toHaveAccessibleName(
        `${survey.last_name}, ${survey.first_name} - ${survey.due_date}`,
      );
      await expect(card).toHaveAccessibleDescription(new RegExp(PREFERS_SPANISH));
      await expect(card.getByText(PREFERS_SPANISH)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await card.click();
      await page.getByRole('button', { name: 'Start Survey' }).click();
      const consentLanguage = page.getByRole('group', { name: 'Language of the questions' });
      await expect(consentLanguage.getByRole('button', { name: 'Spanish' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Yes' }).click();

      const spanishHeading = page.getByRole('heading', { name: /^Question: 1 ¿/ });
      await expect(spanishHeading).toBeVisible();
      // What the resident reads around the question is Spanish too (ADR 033, amended).
      await expect(page.getByRole('button', { name: 'Siguiente' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Prefiere no responder' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const language = page.getByRole('group', { name: 'Language of the questions' });
      await language.getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('heading', { name: /^Question: 1 [^¿]/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
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

    test('Active Patients marks a Spanish-speaking resident’s card too', async ({ page }) => {
      await signIn(page, MANAGER);
      const facilityId = await facilityIdByName(page, FACILITY);
      const patients = await activePatients(page, facilityId);
      // A name no other resident's name contains, so the search shows that one card.
      const unique = patients.filter(
        (patient) =>
          patients.filter((other) => other.name.toLowerCase().includes(patient.name.toLowerCase()))
            .length === 1,
      );
      const spanish = unique.find((patient) => patient.preferred_language === 'es');
      const english = unique.find((patient) => patient.preferred_language !== 'es');
      if (!spanish || !english) throw new Error('no Spanish- and English-speaking residents');

      await page.getByRole('combobox', { name: 'Facility' }).click();
      await page.getByRole('option', { name: FACILITY }).click();
      await page.getByRole('button', { name: 'Patient Surveys' }).click();
      await expect(
        page.getByRole('heading', { name: 'Patient Surveys', exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Additional Surveys', exact: true }).click();
      await page.getByRole('combobox', { name: 'Survey set' }).click();
      await page.getByRole('option', { name: 'As Needed' }).click();
      await expect(page.getByRole('heading', { name: 'Active Patients' })).toBeVisible();

      // Choosing a card would create a survey: the cards are only read here.
      const find = page.getByRole('textbox', { name: 'Find a resident' });
      await find.fill(spanish.name);
      const card = page.getByRole('button', { name: spanish.name, exact: true });
      await expect(card).toHaveAccessibleDescription(PREFERS_SPANISH);
      await expect(card.getByText(PREFERS_SPANISH)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await find.fill(english.name);
      const other = page.getByRole('button', { name: english.name, exact: true });
      await expect(other).toBeVisible();
      await expect(other.getByText(PREFERS_SPANISH)).toHaveCount(0);
    });
  });
}
