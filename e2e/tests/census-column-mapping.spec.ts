import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer, type OwnServer } from '../support/own-server.js';

/**
 * Issue 33 item 1, ADR 056: an administrator imports the EHR's census export as it comes —
 * its own headers, extra Unit / Room / Payer columns, US dates and language names — through the
 * column mapping step and the preview's date format, on a facility of its own (so the suites
 * that count the demo facilities' residents are not moved).
 */
/**
 * A server of its own: the facility it creates would otherwise be one more in every demo
 * account's facility list, which the sign-in suite counts.
 */
const PORT = E2E_PORT + 71;
let server: OwnServer | undefined;
test.use({ viewport: { width: 1024, height: 768 }, baseURL: `http://127.0.0.1:${PORT}` });
test.beforeAll(async () => {
  server = ownServer(PORT);
  await server.start();
});
test.afterAll(async () => {
  await server?.dispose();
});

/** A date `offset` days from today as the EHR writes it, MM/dd/yyyy. */
function usDate(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

test('an administrator imports an EHR census export: the guessed mapping, US dates confirmed, the preview, the import', async ({
  page,
}, testInfo) => {
  await signIn(page, 'admin@carevoice.test');
  const origin = new URL(page.url()).origin;
  const created = await page.request.post(`${origin}/api/v1/admin/facilities/`, {
    headers: { origin },
    data: { name: `EHR Mapping Home ${Date.now()}`, languages: ['en', 'es'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const file = testInfo.outputPath('pcc-census.csv');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    [
      'Resident ID,Last Name,First Name,Unit,Room,Admit Date,Discharge Date,Payer,Primary Language',
      `200101,Alvarez,Rosa,North Wing,101-A,${usDate(-3)},,Medicare A,Spanish`,
      `200102,Baker,Henry,North Wing,102-B,${usDate(-5)},,Medicaid,English`,
      // A day above 12 tells US dates from day-first ones.
      `200103,"Chen, Jr.",Wei,South Wing,205,12/13/2025,,Private Pay,Español`,
    ].join('\r\n'),
  );

  await page.goto(`${origin}/admin/residents?facility=${id}`);
  await expect(page.getByRole('heading', { name: 'Residents' })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Check the file' }).click();

  // The mapping step: the EHR's headers matched, Unit / Room / Payer ignored.
  await expect(dialog.getByText('Match the file’s columns')).toBeVisible();
  const readAs = (header: string) => dialog.getByRole('combobox', { name: `Read “${header}” as` });
  for (const [header, field] of [
    ['Resident ID', 'client_id'],
    ['Last Name', 'last_name'],
    ['First Name', 'first_name'],
    ['Unit', ''],
    ['Room', ''],
    ['Admit Date', 'admitted_on'],
    ['Discharge Date', 'discharged_on'],
    ['Payer', ''],
    ['Primary Language', 'preferred_language'],
  ] as const) {
    await expect(readAs(header)).toHaveValue(field);
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('mapping-1024.png') });
  await dialog.getByRole('button', { name: 'Preview the import' }).click();

  // The preview: the dates confirmed as US, with what the first one reads as.
  const dates = dialog.getByRole('radiogroup', { name: 'Dates in this file' });
  await expect(dates.getByRole('radio', { name: 'Month first (US), MM/dd/yyyy' })).toBeChecked();
  await expect(dialog.getByText('What the import will do')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('preview-1024.png') });
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('Imported: 3 new, 0 changed.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '200103' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Chen, Jr.' })).toBeVisible();
});
