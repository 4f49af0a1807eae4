import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, readInvitationLink } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer, type OwnServer } from '../support/own-server.js';

/*
 * README "Going live", in a browser: from an empty database (DEMO_DATA=false) and the first
 * administrator made with `npm run create-user -- --admin`, a facility is set up through the
 * back office, and a colleague invited by mail takes its first survey.
 */

const IT = { email: 'it@lakeside.example', password: 'a-long-admin-password' };
const NURSE = { email: 'nina.staff@lakeside.example', password: 'a-long-staff-password' };
const FACILITY = 'Lakeside Care Home';

function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function signIn(page: Page, server: OwnServer, email: string, password: string) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
}

/** Chooses the facility on a census screen, uploads the CSV, checks the preview, imports. */
async function importCsv(page: Page, file: string, rows: number) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('What the import will do')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: `Import ${rows} rows` }).click();
  await expect(page.getByText(`Imported: ${rows} new, 0 changed.`)).toBeVisible();
}

test('from an empty database, an administrator sets up a facility and an invited colleague takes its first survey', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = ownServer(E2E_PORT + 23, { demoData: false });
  server.createUser([
    '--email',
    IT.email,
    '--name',
    'Ines IT',
    '--password',
    IT.password,
    '--admin',
  ]);
  await server.start();
  try {
    await signIn(page, server, IT.email, IT.password);
    await page.getByRole('button', { name: 'Administration' }).click();
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A facility, with Spanish offered.
    await page.getByRole('navigation').getByRole('link', { name: 'Facilities' }).click();
    await expect(page.getByRole('heading', { name: 'Facilities' })).toBeVisible();
    await page.getByRole('button', { name: 'New facility' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill(FACILITY);
    await form.getByRole('checkbox', { name: 'Spanish' }).check();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Create facility' }).click();
    await expect(page.getByRole('cell', { name: FACILITY })).toBeVisible();

    // Residents and employees from CSV files, as exported from an EHR and an HR system.
    const residents = testInfo.outputPath('residents.csv');
    const employees = testInfo.outputPath('employees.csv');
    fs.mkdirSync(path.dirname(residents), { recursive: true });
    fs.writeFileSync(
      residents,
      [
        'client_id;first_name;last_name;admitted_on;discharged_on;preferred_language',
        `LC-1;Rosa;Alvarez;${day(-7)};;es`,
        `LC-2;Henry;Baker;${day(-8)};;en`,
        `LC-3;"Ortiz, Jr.";Carlos;${day(-2)};;en`,
      ].join('\r\n'),
    );
    fs.writeFileSync(
      employees,
      [
        '\uFEFFemployee_code,name,department,position,active,email',
        'N100,Nina Novak,Nursing,Registered Nurse,true,nina.novak@lakeside.example',
        'C200,Carl Cook,Culinary,Chef,true,',
      ].join('\n'),
    );
    await page.getByRole('navigation').getByRole('link', { name: 'Residents' }).click();
    await expect(page.getByRole('heading', { name: 'Residents' })).toBeVisible();
    await importCsv(page, residents, 3);
    await expect(page.getByRole('cell', { name: 'LC-1' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Employees' }).click();
    await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
    await importCsv(page, employees, 2);
    await expect(page.getByRole('cell', { name: 'Nina Novak' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A colleague, invited by mail.
    await page.reload();
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog');
    await invite.getByLabel('Full name').fill('Nina Staff');
    await invite.getByLabel('Email').fill(NURSE.email);
    await invite.getByRole('checkbox', { name: 'Patient Surveys' }).check();
    await invite.getByRole('checkbox', { name: FACILITY }).check();
    await expectNoSeriousA11yViolations(page);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${NURSE.email}.`)).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Survey sets' }).click();
    await expect(page.getByRole('heading', { name: 'Survey sets' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The colleague sets a password from the mailed link and signs in.
    const link = await readInvitationLink(server.dataDir, NURSE.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page).not.toHaveURL(/token=/);
    await page.getByLabel('New password').fill(NURSE.password);
    await page.getByLabel('Repeat the password').fill(NURSE.password);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await signIn(page, server, NURSE.email, NURSE.password);

    // The imported admissions scheduled the Admission surveys: due 7 days after admission.
    await page.getByRole('button', { name: 'Patient Surveys' }).click();
    await page.getByRole('button', { name: 'Admission Surveys', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Patient Surveys - Admission' })).toBeVisible();
    const rosa = page.getByRole('button', { name: `Alvarez, Rosa - ${day(0)}` });
    await expect(rosa).toBeVisible();
    await expect(page.getByRole('button', { name: `Baker, Henry - ${day(-1)}` })).toBeVisible();
    await rosa.click();
    await page.getByRole('button', { name: 'Start Survey' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();

    // Rosa reads Spanish (the import said so): her survey opens in Spanish, and one tap gives
    // this interview in English.
    await expect(
      page.getByRole('heading', { name: /^Question: 1 ¿Qué tan bienvenido/ }),
    ).toBeVisible();
    await page
      .getByRole('group', { name: 'Language of the questions' })
      .getByRole('button', { name: 'English' })
      .click();
    await page.getByRole('radio', { name: 'Very welcome', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('combobox').selectOption('Very clearly');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox').fill('9');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'None of these yet', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox').fill('Everyone was kind.');
    await page.getByRole('button', { name: 'Next' }).click();

    // Acknowledging an imported employee.
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Nursing', exact: true }).click();
    await page.getByRole('button', { name: 'Registered Nurse', exact: true }).click();
    await page.getByRole('button', { name: 'Nina Novak' }).click();
    const review = page.getByRole('dialog', { name: 'Add review here' });
    await review.getByRole('textbox', { name: 'Add review here' }).fill('Always there at night.');
    await review.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Nina Novak · Registered Nurse')).toBeVisible();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('Successfully submitted.')).toBeVisible();
  } finally {
    await server.dispose();
  }
});
