import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.js';
import { E2E_DATA_DIR } from './env.js';

/** Signs in through the Login screen and waits for Home. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
}

/** The six digits of the newest reset mail to `email` in the dev outbox (DATA_DIR/outbox). */
export async function readResetCode(email: string, after: number): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const mails = fs
          .readdirSync(outbox)
          .map((name) => path.join(outbox, name))
          .filter((file) => fs.statSync(file).mtimeMs >= after)
          .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))
          .filter(({ text }) => text.toLowerCase().includes(email.toLowerCase()))
          .sort((a, b) => fs.statSync(b.file).mtimeMs - fs.statSync(a.file).mtimeMs);
        code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a reset mail to ${email} in ${outbox}` },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Fails on any serious or critical accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
  expect(serious, 'serious or critical axe violations').toEqual([]);
}
