import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';

const TILE_NAMES = [
  'Managed Care Updates',
  'Patient Surveys',
  'Incentive Acknowledgement',
  'Social Work',
  'Lorem ipsum',
  'Dolor sit amet',
];

for (const account of DEMO_ACCOUNTS) {
  test(`${account.email} sees exactly the tiles its access allows`, async ({ page }) => {
    await signIn(page, account.email);
    for (const name of TILE_NAMES) {
      const tile = page.getByRole('button', { name, exact: false });
      if ((account.tiles as readonly string[]).includes(name)) {
        await expect(tile).toBeVisible();
      } else {
        await expect(tile).toHaveCount(0);
      }
    }
    const facility = page.getByRole('combobox', { name: /facility/i });
    await expect(facility).not.toHaveValue('');
    await facility.click();
    await expect(page.getByRole('option')).toHaveCount(account.facilities);
  });
}

test('a wrong password shows the server message in a toast and stays on Login', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('staff@carevoice.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields show the inline messages and send no request', async ({ page }) => {
  await page.goto('/login');
  let loginCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/sf-login')) loginCalls += 1;
  });
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByLabel('Email').fill('s');
  await expect(page.getByText('Email is required.')).toHaveCount(0);
  expect(loginCalls).toBe(0);
});

test('the guard sends a visitor without a session to Login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/patient-survey-asking');
  await expect(page).toHaveURL(/\/login$/);
});

test('Login sends a signed-in user to Home', async ({ page }) => {
  await signIn(page, 'staff@carevoice.test');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
});

test('a session revoked on the server never shows a page', async ({ page, context }) => {
  await signIn(page, 'staff@carevoice.test');
  // Revoke the session through the API, as another tab logging out would, keeping the token cookie.
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token');
  expect(token, 'the script-readable token cookie').toBeDefined();
  expect(decodeURIComponent(token?.value ?? '')).not.toMatch(/jwt|password/i);
  const response = await page.request.post('/api/v1/users/logout/');
  expect(response.status()).toBe(200);
  await context.addCookies([{ ...token!, expires: Math.floor(Date.now() / 1000) + 3600 }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
});

test('Logout ends the session and returns to Login', async ({ page, context }) => {
  await signIn(page, 'manager@carevoice.test');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('token');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/v1/users/me/');
  expect(me.status()).toBe(401);
});

test('Patient Surveys opens the survey type chooser with the selected facility', async ({
  page,
}) => {
  await signIn(page, 'staff@carevoice.test');
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  await expect(page).toHaveURL(/\/patient-survey-asking$/);
});

test('Login and Home have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill('preview@carevoice.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Patient Surveys' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
