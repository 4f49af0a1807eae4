import { expect, test, type Page } from '@playwright/test';
import { BEDSIDE_TEXT } from '@carevoice/shared';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';
import { addVolumeData } from '../support/volume.js';

// Several screens with accessibility scans and the app's 2 s redirects: longer than one screen.
test.describe.configure({ timeout: 120_000 });

/**
 * The due lists and what can be done from them, in Chromium against the real server:
 * staff@carevoice.test in Maple Grove Care Home. The other suites survey Riverside residents and
 * file Maple Grove's first due Admission survey, so this one takes Discharge surveys from both
 * ends of Maple Grove's list and reads the Admission list without assuming exact counts.
 */
const STAFF = 'staff@carevoice.test';
const FACILITY = 'Maple Grove Care Home';
const API = '/api/v1/users';

interface DueSurvey {
  id: string;
  first_name: string;
  last_name: string;
  due_date: string;
}

interface SurveyList {
  survey_list: DueSurvey[];
  lowest_date: string | null;
  highest_date: string | null;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${API}/${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

async function facilityId(page: Page): Promise<string> {
  const me = await getJson<{ sf_user_id: string }>(page, 'me/');
  const { facilities } = await getJson<{ facilities: { id: string; name: string }[] }>(
    page,
    `facility/permission/${me.sf_user_id}/`,
  );
  const facility = facilities.find((candidate) => candidate.name === FACILITY);
  expect(facility, FACILITY).toBeDefined();
  return facility?.id as string;
}

function dueList(page: Page, facility: string, type: 'Admission' | 'Discharge') {
  return getJson<SurveyList>(page, `facility-survey-patients/${facility}/${type}/`);
}

const cardName = (survey: DueSurvey, dueDate = survey.due_date) =>
  `${survey.last_name}, ${survey.first_name} - ${dueDate}`;

/** A card's text: its name, then its mark when overdue or due today (issue 17). */
const DUE_MARK = `(${BEDSIDE_TEXT.overdue}|${BEDSIDE_TEXT.dueToday})?`;
/** Under it, a resident who prefers Spanish (Maple Grove, Riverside) is marked so (ADR 033). */
const MARKS = `${DUE_MARK}(${BEDSIDE_TEXT.prefersLanguage('Spanish')})?`;
const cardText = (survey: DueSurvey) =>
  new RegExp(`^${cardName(survey).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${MARKS}$`);

/** The due list's cards (every card is a button in a row of the grid). */
const cards = (page: Page) => page.getByTestId('survey-card-row').getByRole('button');

/** A calendar day's button name, as the date picker labels it ('15 March 2031'). */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Clicks a day in the open calendar, moving month by month until it is shown. */
async function pickDay(page: Page, date: string): Promise<void> {
  const day = page.getByRole('button', { name: dayLabel(date), exact: true });
  for (let month = 0; month < 24 && (await day.count()) === 0; month += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
}

/** `yyyy-MM-dd` of the 15th of next month (UTC, as the browser and server here). */
function fifteenthOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15))
    .toISOString()
    .slice(0, 10);
}

/** Home → the facility → Patient Surveys, the type chooser. */
async function openChooser(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Surveys', exact: true })).toBeVisible();
}

async function openList(page: Page, type: 'Admission' | 'Discharge'): Promise<void> {
  await openChooser(page);
  await page.getByRole('button', { name: `${type} Surveys` }).click();
  await expect(page.getByRole('heading', { name: `Patient Surveys - ${type}` })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

/** From the open due list, the resident's choice screen. */
async function openChoice(page: Page, survey: DueSurvey): Promise<void> {
  await page
    .getByRole('searchbox', { name: 'Search residents' })
    .fill(`${survey.last_name} ${survey.first_name}`);
  await page.getByRole('button', { name: cardName(survey), exact: true }).click();
  await expect(
    page.getByRole('heading', { name: `${survey.first_name} ${survey.last_name}` }),
  ).toBeVisible();
}

test('the type chooser opens the Admission list, which search and a date range narrow', async ({
  page,
}) => {
  await signIn(page, STAFF);
  const facility = await facilityId(page);
  await openChooser(page);
  await expect(page.getByRole('button', { name: 'Discharge Surveys' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Additional Surveys' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Admission Surveys' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Surveys - Admission' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveValue(FACILITY);
  await expect(cards(page).first()).toBeVisible();
  const { survey_list: all } = await dueList(page, facility, 'Admission');
  expect(all.length, 'due Admission surveys in the demo data').toBeGreaterThan(3);
  // More than three cards: four to a row.
  const firstRow = page.getByTestId('survey-card-row').first();
  await expect(firstRow.getByRole('button')).toHaveCount(4);
  const total = await cards(page).count();
  expect(total).toBeGreaterThan(3);
  await expect(cards(page).first()).toHaveText(
    new RegExp(`^.+, .+ - \\d{4}-\\d{2}-\\d{2}${MARKS}$`),
  );
  await expectNoSeriousA11yViolations(page);

  // Search: a last name keeps only the residents whose names contain it.
  const target = all.at(-1) as DueSurvey;
  const search = page.getByRole('searchbox', { name: 'Search residents' });
  await search.fill(target.last_name.toUpperCase());
  await expect(page.getByRole('button', { name: cardName(target), exact: true })).toBeVisible();
  const narrowed = await cards(page).allInnerTexts();
  expect(narrowed.length).toBeLessThan(total);
  for (const text of narrowed) expect(text.toLowerCase()).toContain(target.last_name.toLowerCase());
  await search.fill('');
  await expect(cards(page)).toHaveCount(total);

  // Date range: from the list's lowest date to a date in the middle, asked of the server.
  const dates = [...new Set(all.map((survey) => survey.due_date))].sort();
  const start = dates[0] as string;
  const end = dates[Math.floor(dates.length / 2)] as string;
  const dated = page.waitForResponse((response) =>
    response.url().endsWith(`/facility-survey-patients/${facility}/Admission/${start}/${end}/`),
  );
  await page.getByRole('button', { name: /Due date range/ }).click();
  await pickDay(page, start);
  await pickDay(page, end);
  expect((await dated).status()).toBe(200);
  await expect(page.getByRole('button', { name: /Due date range/ })).toContainText(
    `${start} ~ ${end}`,
  );
  await expect(async () => {
    const texts = await cards(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThan(total);
    for (const text of texts) {
      // The card's due date (an overdue or due-today mark may follow it).
      const due = /\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? '';
      expect(due >= start && due <= end, `${text} is within ${start} ~ ${end}`).toBe(true);
    }
  }).toPass();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear the dates' }).click();
  await expect(cards(page)).toHaveCount(total);
});

test('a survey for an unlisted resident opens the Admission choice', async ({ page }) => {
  await signIn(page, STAFF);
  const facility = await facilityId(page);
  // A resident with a due Discharge survey has no open Admission survey: not on that list.
  const { survey_list: discharges } = await dueList(page, facility, 'Discharge');
  const resident = discharges.find((survey) => survey.last_name.length >= 4) as DueSurvey;
  expect(resident, 'a resident whose last name is long enough to search').toBeDefined();
  const name = `${resident.first_name} ${resident.last_name}`;

  let searches = 0;
  page.on('request', (request) => {
    if (request.url().includes('/get-unlisted-patients/')) searches += 1;
  });
  await openList(page, 'Admission');
  await page.getByRole('button', { name: 'Unlisted resident(s)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Survey for Unlisted Resident' });
  const input = dialog.getByRole('textbox', { name: /Resident name or client id/ });
  await expect(input).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Three characters never search.
  await input.fill(resident.last_name.slice(0, 3));
  await page.waitForTimeout(1500);
  expect(searches).toBe(0);

  await input.fill('zzzzqx');
  await expect(dialog.getByText('No Data Found')).toBeVisible();

  await input.fill(resident.last_name.toLowerCase());
  const result = dialog.getByRole('button', {
    name: new RegExp(`^${resident.last_name}, ${resident.first_name} \\(`),
  });
  await expect(result).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await input.fill('');
  await expect(result).toHaveCount(0);
  await input.fill(resident.last_name);
  await result.click();

  await expect(page.getByText('Survey created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admission-survey-asking$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Admission survey')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delay Survey' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The new survey is due today and now on the Admission list.
  const { survey_list: admissions } = await dueList(page, facility, 'Admission');
  expect(
    admissions.some(
      (survey) =>
        survey.first_name === resident.first_name && survey.last_name === resident.last_name,
    ),
  ).toBe(true);

  // Can't Complete asks the Admission question; Back leaves everything as it was.
  await page.getByRole('button', { name: "Can't Complete" }).click();
  await expect(
    page.getByRole('heading', {
      name: 'Are you sure you want to set this patient to discharged?',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('a Discharge survey delayed shows on the list with its new date', async ({ page }) => {
  await signIn(page, STAFF);
  const facility = await facilityId(page);
  const survey = (await dueList(page, facility, 'Discharge')).survey_list.at(-1) as DueSurvey;
  const newDate = fifteenthOfNextMonth();

  await openList(page, 'Discharge');
  await openChoice(page, survey);
  await expect(page.getByText('Discharge survey')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Survey' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Delay Survey' }).click();
  await expect(page.getByRole('heading', { name: 'Select Delay Date' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select a date')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Delay date/ }).click();
  await pickDay(page, newDate);
  await expect(page.getByRole('button', { name: /Delay date/ })).toContainText(newDate);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Successfully Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/patient-survey$/);
  await expect(page.getByRole('heading', { name: 'Patient Surveys - Discharge' })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Search residents' })
    .fill(`${survey.last_name} ${survey.first_name}`);
  await expect(
    page.getByRole('button', { name: cardName(survey, newDate), exact: true }),
  ).toBeVisible();
});

test("a Discharge survey marked Can't Complete leaves the list", async ({ page }) => {
  await signIn(page, STAFF);
  const facility = await facilityId(page);
  const survey = (await dueList(page, facility, 'Discharge')).survey_list[1] as DueSurvey;

  await openList(page, 'Discharge');
  await openChoice(page, survey);
  await page.getByRole('button', { name: "Can't Complete" }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure ?' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a reason' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Resident Refused' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('Successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();

  await openList(page, 'Discharge');
  await page
    .getByRole('searchbox', { name: 'Search residents' })
    .fill(`${survey.last_name} ${survey.first_name}`);
  await expect(page.getByText(/^No resident on this list matches/)).toBeVisible();
  await expect(page.getByRole('button', { name: cardName(survey), exact: true })).toHaveCount(0);
  const { survey_list: after } = await dueList(page, facility, 'Discharge');
  expect(after.map((item) => item.id)).not.toContain(survey.id);
});

test.describe('a due list of thousands', () => {
  // The demo data has dozens of surveys per list. This server of its own gets the benchmarks'
  // volume data on top: 3,000 residents per facility, each active one with open surveys.
  const server = ownServer(E2E_PORT + 19);
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => {
    await server.start(); // migrates and seeds the demo data
    await server.stop();
    await addVolumeData(server.dataDir, 3000);
    await server.start();
  });
  test.afterAll(() => server.dispose());

  test('keeps only the rows near the screen and stays keyboard usable', async ({ page }) => {
    await signIn(page, STAFF);
    const { survey_list: surveys } = await dueList(page, await facilityId(page), 'Admission');
    expect(surveys.length).toBeGreaterThan(2000);
    await openList(page, 'Admission');
    await expect(page.getByText(`${surveys.length} residents`)).toBeVisible();
    const rows = page.getByTestId('survey-card-row');
    expect(await rows.count()).toBeLessThan(40);

    // Tab moves card by card past the rows first rendered; the page scrolls along.
    await cards(page).first().focus();
    for (let step = 0; step < 60; step += 1) await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(cardText(surveys[60] as DueSurvey));
    expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThan(40);

    // The end of the list is reachable too.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await expect(cards(page).last()).toHaveText(cardText(surveys.at(-1) as DueSurvey));
    expect(await rows.count()).toBeLessThan(40);
  });
});
