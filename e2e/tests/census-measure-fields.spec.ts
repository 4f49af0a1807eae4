import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer, type OwnServer } from '../support/own-server.js';

/**
 * Issue 34 item 2, ADR 053: an administrator records what the measures need on a resident —
 * admission type, discharge destination, guardian, BIMS score and date — on a facility of its
 * own (so the suites that count the demo facilities' residents are not moved).
 */
/**
 * A server of its own: the facility it creates would otherwise be one more in every demo
 * account's facility list, which the sign-in suite counts.
 */
const PORT = E2E_PORT + 67;
let server: OwnServer | undefined;
test.use({ viewport: { width: 1024, height: 768 }, baseURL: `http://127.0.0.1:${PORT}` });
test.beforeAll(async () => {
  server = ownServer(PORT);
  await server.start();
});
test.afterAll(async () => {
  await server?.dispose();
});

test('an administrator records a resident’s admission type, destination, BIMS and guardian', async ({
  page,
}, testInfo) => {
  await signIn(page, 'admin@carevoice.test');
  const origin = new URL(page.url()).origin;
  const created = await page.request.post(`${origin}/api/v1/admin/facilities/`, {
    headers: { origin },
    data: { name: `Measures Home ${Date.now()}`, languages: ['en'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const today = new Date().toISOString().slice(0, 10);
  const resident = await page.request.post(`${origin}/api/v1/admin/facilities/${id}/residents/`, {
    headers: { origin },
    data: {
      client_id: 'M-1',
      first_name: 'Rosa',
      last_name: 'Alvarez',
      preferred_language: 'en',
      discharged_on: today,
    },
  });
  expect(resident.status(), await resident.text()).toBe(201);

  await page.goto(`${origin}/admin/residents?facility=${id}`);
  await page.getByRole('button', { name: 'Edit Rosa Alvarez' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('For the measures (CoreQ)')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Admission type' }).click();
  await page.getByRole('option', { name: 'Short stay' }).click();
  await dialog.getByRole('combobox', { name: 'Discharge destination' }).click();
  await page.getByRole('option', { name: 'Hospital', exact: true }).click();
  await dialog.getByLabel('BIMS score (0–15)').fill('12');
  await dialog.getByLabel('Date of the BIMS screen').fill(today);
  await dialog.getByRole('checkbox', { name: 'Court-appointed guardian' }).check();
  await page.screenshot({ path: testInfo.outputPath('resident-form-measures.png') });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Resident saved.')).toBeVisible();

  const list = await page.request.get(`${origin}/api/v1/admin/facilities/${id}/residents/`);
  const { items } = (await list.json()) as { items: Record<string, unknown>[] };
  expect(items[0]).toMatchObject({
    admission_type: 'short_stay',
    discharge_destination: 'hospital',
    guardian: true,
    bims_score: 12,
    bims_on: today,
  });
});
