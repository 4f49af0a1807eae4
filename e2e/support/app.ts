import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.js';
import type { DueSurvey } from './api.js';
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

/** The text of a mail file, quoted-printable soft breaks and escapes decoded. */
function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The invitation link of the newest invitation mail to `email` in `dataDir`'s outbox. */
export async function readInvitationLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const mails = fs
          .readdirSync(outbox)
          .map((name) => path.join(outbox, name))
          .map((file) => ({ file, text: mailText(file) }))
          .filter(({ text }) => text.toLowerCase().includes(email.toLowerCase()))
          .sort((a, b) => fs.statSync(b.file).mtimeMs - fs.statSync(a.file).mtimeMs);
        link = mails[0]?.text.match(/https?:\/\/\S+\/accept-invitation#token=[A-Za-z0-9_-]+/)?.[0];
        return link;
      },
      { message: `an invitation mail to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return link as string;
}

/** The part of the DOM's Document the scan waits on (this project's tsconfig has no DOM lib). */
interface AnimatedDocument {
  getAnimations(): {
    playState: string;
    currentTime: number | null;
    finished: Promise<unknown>;
    effect: { getComputedTiming(): { endTime?: number | string } } | null;
  }[];
}

/** Short animations (a fade, a dialog opening) are waited for; a toast's 5 s progress bar is not. */
const SHORT_ANIMATION_MS = 1500;
/** The longest the scan waits for the page to settle. */
const SETTLE_CAP_MS = 3000;
/** Scans of one page before a violation counts as real rather than caught mid-animation. */
const SCAN_ATTEMPTS = 3;

/**
 * Waits until no short animation is running, including ones that start while it waits: a toast's
 * exit fade begins the moment its progress bar ends.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(
    async ({ shortMs, capMs }) => {
      const { document } = globalThis as unknown as { document: AnimatedDocument };
      const deadline = Date.now() + capMs;
      for (;;) {
        const short = document.getAnimations().filter((animation) => {
          if (animation.playState !== 'running') return false;
          const end = Number(animation.effect?.getComputedTiming().endTime);
          return Number.isFinite(end) && end - (animation.currentTime ?? 0) <= shortMs;
        });
        const left = deadline - Date.now();
        if (short.length === 0 || left <= 0) return;
        const ended = Promise.allSettled(short.map((animation) => animation.finished));
        await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, left))]);
      }
    },
    { shortMs: SHORT_ANIMATION_MS, capMs: SETTLE_CAP_MS },
  );
}

/**
 * Fails on any serious or critical accessibility violation on the current page, naming each rule
 * and the elements it failed on. Scans once the page's short animations have ended, and again if
 * a scan finds something: a toast that starts fading out while axe runs is measured part-way
 * transparent (color-contrast), and is gone by the next scan. A real violation is there on every
 * scan and fails the test.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  let serious: string[] = [];
  for (let attempt = 0; attempt < SCAN_ATTEMPTS; attempt += 1) {
    await settleAnimations(page);
    const results = await new AxeBuilder({ page }).analyze();
    serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => {
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
        return `${violation.id} (${violation.help}) on ${targets}`;
      });
    if (serious.length === 0) return;
  }
  expect(serious, `serious or critical axe violations: ${serious.join('; ')}`).toEqual([]);
}

/**
 * The name on a resident's or employee's card: its first line. A card may carry a second line
 * under the name (a resident's preferred language, an employee's job title).
 */
export async function cardName(card: Locator): Promise<string> {
  return (await card.innerText()).split('\n')[0]?.trim() ?? '';
}

/**
 * The last resident card on Active Patients, once the list has loaded: its search box comes with
 * the cards. Before that the last button of the page is Home, whose name a test would read.
 */
export async function lastActivePatient(page: Page): Promise<Locator> {
  await expect(page.getByRole('textbox', { name: 'Find a resident' })).toBeVisible();
  return page.locator('main').getByRole('button').last();
}

/**
 * Home → the facility → Patient Surveys → the due list, searched for the survey's resident: the
 * resident's card ('last, first - due date'; its description says what the card marks).
 */
export async function findDueCard(
  page: Page,
  facility: string,
  type: 'Admission' | 'Discharge',
  survey: DueSurvey,
): Promise<Locator> {
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: facility }).click();
  await page.getByRole('button', { name: 'Patient Surveys' }).click();
  await page.getByRole('button', { name: `${type} Surveys`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Patient Surveys - ${type}` })).toBeVisible();
  await page.getByPlaceholder('Search here').fill(`${survey.last_name} ${survey.first_name}`);
  const card = page.getByRole('button', {
    name: new RegExp(`${survey.last_name}, ${survey.first_name}`),
  });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Home → the facility → Patient Surveys → the due list → the resident → Start Survey: the
 * consent screen.
 */
export async function openConsent(
  page: Page,
  facility: string,
  type: 'Admission' | 'Discharge',
  survey: DueSurvey,
): Promise<void> {
  await (await findDueCard(page, facility, type, survey)).click();
  await page.getByRole('button', { name: 'Start Survey' }).click();
  await expect(page.getByText('Do you allow for us to conduct this survey?')).toBeVisible();
}
