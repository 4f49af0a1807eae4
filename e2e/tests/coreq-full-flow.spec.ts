import fs from 'node:fs';
import type { AdminResident } from '@carevoice/shared';
import { expect, test, type Page } from '@playwright/test';
import { dueSurveys, facilityIdByName, inEnglish, type DueSurvey } from '../support/api.js';
import { DEMO_PASSWORD } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';

// One measure from adoption to the manager's export: several interviews, each a few screens.
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

/**
 * CoreQ Short Stay from end to end (issue 34, "Done means"), in Chromium against a server of its
 * own (its Discharge questionnaire is changed, which no other spec may see): an administrator
 * adopts CoreQ Short Stay as Riverside's Discharge questionnaire and publishes it; staff
 * interview three discharged residents — one answered by a family member, one with an item
 * refused, one ended early —; the manager reads the score's gate ("Not reportable": fewer than 20
 * valid responses), the counts and the exclusion by reason, and downloads the respondents.
 */
const FACILITY = 'Riverside Senior Living';
const ITEMS = [
  'In recommending this facility to your friends and family, how would you rate it overall?',
  'Overall, how would you rate the staff?',
  'How would you rate the care you receive?',
  'How would you rate how well your discharge needs were met?',
];

const server = ownServer(E2E_PORT + 137);
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

async function signInHere(page: Page, email: string) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
}

async function adoptAndPublish(page: Page) {
  await page.goto(`${server.baseURL}/admin/questionnaires`);
  await page
    .getByRole('link', { name: `Edit ${FACILITY} — Discharge survey`, exact: true })
    .click();
  await page.getByRole('button', { name: 'Adopt an instrument' }).click();
  const chooser = page.getByRole('dialog', { name: 'Adopt a validated instrument' });
  await chooser.getByRole('combobox', { name: 'Instrument' }).selectOption('coreq-ss');
  await chooser.getByRole('button', { name: 'Adopt' }).click();
  await page
    .getByRole('dialog', { name: 'Adopt a validated instrument' })
    .getByRole('button', { name: 'Adopt' })
    .click();
  const cards = page.locator('[data-question-key]');
  await expect(cards.nth(0)).toContainText(`1. ${ITEMS[0]}`);
  // The standard questions follow the instrument's four items.
  await expect(cards.nth(4)).toContainText('5. Overall, how satisfied were you with your stay?');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this questionnaire?' });
  await publish.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(page.getByText('Published: version 2')).toBeVisible();
}

/** Patient Surveys → Discharge → the resident's card → Start Survey → who answers → Yes. */
async function openInterview(page: Page, survey: DueSurvey, respondent: string) {
  await page.goto(`${server.baseURL}/`);
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  await page.getByRole('button', { name: 'Discharge Surveys', exact: true }).click();
  await page.getByPlaceholder('Search here').fill(`${survey.last_name} ${survey.first_name}`);
  await page
    .getByRole('button', { name: `${survey.last_name}, ${survey.first_name} - ${survey.due_date}` })
    .click();
  await page.getByRole('button', { name: 'Start Survey' }).click();
  await page.getByRole('radio', { name: respondent, exact: true }).check();
  await page.getByRole('button', { name: 'Yes' }).click();
}

/**
 * Three due Discharge surveys of English-speaking residents whose stay was short (at most 100
 * days, no exclusion recorded), so that a resident's own answers make a valid response.
 */
async function shortStays(
  page: Page,
  facilityId: string,
): Promise<[DueSurvey, DueSurvey, DueSurvey]> {
  const residents: AdminResident[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams(cursor ? { cursor } : {});
    const response = await page.request.get(
      `${server.baseURL}/api/v1/admin/facilities/${facilityId}/residents/?${query}`,
    );
    const body = (await response.json()) as { items: AdminResident[]; next_cursor: string | null };
    residents.push(...body.items);
    cursor = body.next_cursor;
  } while (cursor);
  const shortStay = (survey: DueSurvey) =>
    residents.some(
      (resident) =>
        resident.first_name === survey.first_name &&
        resident.last_name === survey.last_name &&
        resident.admitted_on !== null &&
        resident.discharged_on !== null &&
        !resident.discharge_destination &&
        !resident.guardian &&
        Date.parse(resident.discharged_on) - Date.parse(resident.admitted_on) <= 100 * 86_400_000,
    );
  const due = (await dueSurveys(page, facilityId, 'Discharge')).filter(
    (survey) => inEnglish(survey) && shortStay(survey),
  );
  expect(due.length).toBeGreaterThanOrEqual(3);
  return due.slice(0, 3) as [DueSurvey, DueSurvey, DueSurvey];
}

async function atQuestion(page: Page, position: number, text: string) {
  await expect(page.getByRole('heading', { name: `Question: ${position} ${text}` })).toBeVisible();
}

/** Answers the four CoreQ items: a rating, or null for Refused. */
async function answerItems(page: Page, ratings: (string | null)[]) {
  for (const [index, rating] of ratings.entries()) {
    await atQuestion(page, index + 1, ITEMS[index] as string);
    if (rating) await page.getByRole('radio', { name: rating, exact: true }).check();
    else await page.getByRole('button', { name: 'Refused', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
  }
}

/** The standard Discharge questions after the items, declined one by one; no acknowledgement. */
async function declineTheRestAndSubmit(page: Page) {
  const acknowledge = page.getByRole('heading', {
    name: 'Question: Are there any employees you would like to acknowledge for doing a good job?',
  });
  while (!(await acknowledge.isVisible())) {
    await expect(page.getByRole('heading', { name: /^Question: \d+ / })).toBeVisible();
    const refused = page.getByRole('button', { name: 'Refused', exact: true });
    if (await refused.isVisible()) await refused.click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      acknowledge.or(page.getByRole('heading', { name: /^Question: \d+ / })),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Successfully submitted.')).toBeVisible();
}

test('CoreQ Short Stay: adopted, interviewed (family, refused item, break-off) and read by the manager with its gate and export', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInHere(page, 'admin@carevoice.test');
  await adoptAndPublish(page);

  const facilityId = await facilityIdByName(page, FACILITY);
  const [byFamily, withRefusal, brokenOff] = await shortStays(page, facilityId);

  // A family member answers for the resident: kept, but not a valid resident response.
  await openInterview(page, byFamily, 'A family member');
  await answerItems(page, ['Very Good', 'Very Good', 'Good', 'Excellent']);
  await declineTheRestAndSubmit(page);

  // The resident refuses one item: with one item missing the response is still valid.
  await openInterview(page, withRefusal, 'The resident');
  await expectNoSeriousA11yViolations(page);
  await answerItems(page, ['Excellent', null, 'Very Good', 'Good']);
  await declineTheRestAndSubmit(page);

  // The third stops after the first item: the answer is kept, the survey is partial.
  await openInterview(page, brokenOff, 'The resident');
  await answerItems(page, ['Good']);
  await page.getByRole('button', { name: 'End interview early' }).click();
  const confirm = page.getByRole('dialog', { name: 'End this interview early?' });
  await expect(confirm).toContainText('The 1 answer given is kept');
  await confirm.getByRole('button', { name: 'End interview' }).click();
  await expect(
    page.getByText('The interview was ended early; the answers given are kept.'),
  ).toBeVisible();
  const stillDue = await dueSurveys(page, facilityId, 'Discharge');
  expect(stillDue.map((survey) => survey.id)).not.toContain(brokenOff.id);

  // The manager reads Riverside's month: three given, one valid, below the 20-response gate.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await signInHere(page, 'manager@carevoice.test');
  await page.goto(`${server.baseURL}/results/coreq`);
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: FACILITY }).click();
  const month = page.getByRole('region', { name: 'Over the periods' }).getByRole('row').nth(1);
  // Given, valid, satisfied, response rate (valid ÷ given) and the score's gate, never a number.
  await expect(month.getByRole('cell')).toHaveText([
    '3',
    '1',
    '1',
    '33.3 %',
    'Not reportable: Fewer than 20 valid responses',
  ]);
  const reasons = page.getByRole('region', { name: 'Not valid, by reason' });
  await expect(
    reasons.getByRole('row', { name: 'Answered by family or a representative' }),
  ).toContainText('1');
  await expect(reasons.getByRole('row', { name: 'Two or more items missing' })).toContainText('1');
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Respondents CSV' }).click();
  const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
  const [header = '', ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const columns = header.split(',');
  const rowOf = (survey: DueSurvey) => {
    const line = lines.find((candidate) => candidate.startsWith(`${survey.id},`)) ?? '';
    return Object.fromEntries(line.split(',').map((cell, index) => [columns[index], cell]));
  };
  // Items scored 1–5 (a refused item blank), who answered, the exclusion and the flags.
  expect(rowOf(byFamily)).toMatchObject({
    respondent: 'family',
    'coreq-1': '4',
    'coreq-4': '5',
    excluded_reason: 'proxy',
    valid: '0',
  });
  expect(rowOf(withRefusal)).toMatchObject({
    respondent: 'resident',
    'coreq-1': '5',
    'coreq-2': '',
    'coreq-3': '4',
    'coreq-4': '3',
    items_missing: '1',
    excluded_reason: '',
    valid: '1',
    satisfied: '1',
  });
  expect(rowOf(brokenOff)).toMatchObject({
    'coreq-1': '3',
    items_missing: '3',
    excluded_reason: 'incomplete',
    valid: '0',
  });
});
