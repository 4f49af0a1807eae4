import { expect, test } from '@playwright/test';
import { RESET_USER } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, readResetCode, signIn } from '../support/app.js';

test('a forgotten password is reset with the mailed code and the new password signs in', async ({
  page,
}) => {
  const newPassword = 'brand-new-password-2';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forget password ?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forget Password' })).toBeVisible();
  await expect(page.getByText("We'll never share your email with anyone else.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Enter email')).toBeVisible();

  const requestedAt = Date.now() - 1000;
  await page.getByLabel(/email/i).fill(RESET_USER.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Generate Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const code = await readResetCode(RESET_USER.email, requestedAt);

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel(/code|otp/i).fill(wrong);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('The code is wrong or has expired. Request a new code.'),
  ).toBeVisible();

  await page.getByLabel(/code|otp/i).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password updated Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await signIn(page, RESET_USER.email, newPassword);
});
