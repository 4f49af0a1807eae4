import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/accounts.js';
import { facilityIdByName, submitDueSurvey } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { withDatabase } from '../support/database.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';

/*
 * Recognition (DESIGN §8, issue 18) on a server of its own (its decisions and mails would move
 * the shared server's counts): a manager denies a review with a reason and undoes it from the
 * toast, approves two at once with one confirmation, opens the history, prints a certificate;
 * the employee's mail is read from the durable outbox and its opt-out link works. Screens at
 * 1024×768, the facilities' tablets in landscape; axe on each.
 */

const MANAGER = 'manager@carevoice.test';
const FACILITY = 'Maple Grove Care Home';
const WORDS = ['E2E words one', 'E2E words two', 'E2E words three', 'E2E words four'];

test.use({ viewport: { width: 1024, height: 768 } });

async function signIn(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(MANAGER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
}

/**
 * Submits a due Admission survey through the API with four acknowledgements of `employee`, as
 * the survey screens would. Returns the resident's name (which must never reach a mail).
 */
async function fileAcknowledgements(
  page: Page,
  facilityId: string,
  employee: { code: string; name: string; department: string; position: string },
): Promise<string> {
  const survey = await submitDueSurvey(page, facilityId, {
    ackData: WORDS.map((comment) => ({
      id: employee.code,
      name: employee.name,
      position: employee.position,
      department: employee.department,
      comment,
    })),
  });
  return `${survey.first_name} ${survey.last_name}`;
}

test('a manager denies with a reason and undoes, approves two at once, opens the history and prints a certificate; the employee’s mail waits in the outbox', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = ownServer(E2E_PORT + 31);
  await server.start();
  try {
    await signIn(page, server.baseURL);
    const facilityId = await facilityIdByName(page, FACILITY);
    // An active employee with an email (every third in the demo data).
    const employee = await withDatabase(server.dataDir, (db) =>
      db
        .selectFrom('employees')
        .select(['id', 'code', 'name', 'department', 'position', 'email'])
        .where('facility_id', '=', facilityId)
        .where('active', '=', 1)
        .where('email', 'is not', null)
        .orderBy('code')
        .executeTakeFirstOrThrow(),
    );
    const resident = await fileAcknowledgements(page, facilityId, employee);

    // The review screen: the facility, then the employee's reviews.
    await page.getByRole('combobox', { name: 'Facility' }).click();
    await page.getByRole('option', { name: FACILITY }).click();
    await page.getByRole('button', { name: /^Incentive Acknowledgement/ }).click();
    await expect(
      page.getByRole('heading', { name: 'Employee Acknowledgement List' }),
    ).toBeVisible();
    await page
      .getByRole('group', { name: 'Employees with reviews waiting' })
      .getByRole('button', { name: new RegExp(`^${employee.name},`) })
      .click();
    const table = page.getByRole('table', { name: `${employee.name}'s Reviews` });
    const row = (words: string) => table.locator('tbody tr').filter({ hasText: words });
    for (const words of WORDS) await expect(row(words)).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('recognition-review.png') });
    await expectNoSeriousA11yViolations(page);

    // Deny needs a reason; then Undo from the toast puts the review back.
    await row(WORDS[0] as string)
      .getByRole('button', { name: /^Deny/ })
      .click();
    const deny = page.getByRole('dialog', { name: 'Deny this review' });
    await deny.getByRole('button', { name: 'Deny review' }).click();
    await expect(deny.getByText('Give a reason for the denial.')).toBeVisible();
    await deny.getByRole('radio', { name: 'Inappropriate content' }).check();
    await expectNoSeriousA11yViolations(page);
    await deny.getByRole('button', { name: 'Deny review' }).click();
    await expect(page.getByText('Successfully Denied')).toBeVisible();
    await expect(row(WORDS[0] as string)).toHaveCount(0);
    await page
      .getByRole('button', { name: `Undo the decision on the review of ${employee.name}` })
      .click();
    await expect(page.getByText('Decision undone. The review is waiting again.')).toBeVisible();
    await expect(row(WORDS[0] as string)).toHaveCount(1);

    // Two approved at once, with one confirmation.
    for (const words of [WORDS[1], WORDS[2]] as string[]) {
      await row(words).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Approve 2 selected reviews' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve the selected reviews' });
    await expect(confirm.getByText('Approve these 2 reviews at once?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Approve all' }).click();
    await expect(page.getByText('2 reviews approved')).toBeVisible();
    await expect(row(WORDS[1] as string)).toHaveCount(0);
    await expect(row(WORDS[2] as string)).toHaveCount(0);

    // One denied for good, with a common reason.
    await row(WORDS[3] as string)
      .getByRole('button', { name: /^Deny/ })
      .click();
    await deny.getByRole('radio', { name: 'Duplicate' }).check();
    await deny.getByRole('button', { name: 'Deny review' }).click();
    await expect(page.getByText('Successfully Denied')).toBeVisible();

    // The history: who decided and when, the reason, Undo while it lasts.
    await page.getByRole('tab', { name: 'Approved' }).click();
    const approved = page.getByRole('table', { name: 'Approved' });
    await expect(
      approved.locator('tbody tr').filter({ hasText: WORDS[1] as string }),
    ).toContainText('Morgan Manager');
    await expect(
      approved.getByRole('button', { name: `Undo the decision on the review of ${employee.name}` }),
    ).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath('recognition-history.png') });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'Denied' }).click();
    const denied = page.getByRole('table', { name: 'Denied' });
    await expect(denied.locator('tbody tr').filter({ hasText: WORDS[3] as string })).toContainText(
      'Duplicate',
    );
    await expectNoSeriousA11yViolations(page);

    // The summary and the certificate: the employee, the facility, the words, no resident.
    await page.getByRole('link', { name: 'Recognition summary' }).click();
    await expect(page.getByRole('heading', { name: 'Recognition summary' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Most recognised staff' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: `Print a certificate for ${employee.name}` }).click();
    const certificate = page.getByRole('article', { name: 'Certificate of Recognition' });
    await expect(certificate.getByText(employee.name, { exact: true })).toBeVisible();
    await expect(certificate.getByText(FACILITY)).toBeVisible();
    await expect(certificate.getByText(`“${WORDS[1]}”`)).toBeVisible();
    await expect(certificate).not.toContainText(resident);
    await expectNoSeriousA11yViolations(page);
    // window.print is replaced by a counter: the dialog itself is the browser's.
    type Printable = { printed: number; print: () => void };
    await page.evaluate(() => {
      const target = globalThis as unknown as Printable;
      target.printed = 0;
      target.print = () => {
        target.printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as Printable).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: testInfo.outputPath('recognition-certificate.png') });
    await page.emulateMedia({ media: 'screen' });

    // The employee's mails in the outbox: one per approval, the words, never the resident.
    const mails = await withDatabase(server.dataDir, (db) =>
      db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', (employee.email as string).toLowerCase())
        .orderBy('text')
        .execute(),
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe(`A resident recognised your work at ${FACILITY}`);
      expect(`${mail.subject}\n${mail.text}`).not.toContain(resident);
      expect(mail.sent_at).toBeNull();
    }
    expect(mails.map((mail) => mail.text).join('\n')).toContain(WORDS[1] as string);
    expect(mails.map((mail) => mail.text).join('\n')).toContain(WORDS[2] as string);
    expect(mails.every((mail) => mail.text.includes(WORDS[0] as string))).toBe(false);
    const link = mails[0]?.text.match(/(http\S+\/recognition-opt-out#token=[0-9a-f]+)/)?.[1];
    expect(link).toBeDefined();

    // The opt-out link: one tap, no sign-in needed.
    const context = await page.context().browser()?.newContext();
    if (!context) throw new Error('no browser');
    const visitor = await context.newPage();
    await visitor.goto(link as string);
    await expect(visitor.getByRole('heading', { name: 'Recognition mails' })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.getByRole('button', { name: 'Stop these mails' }).click();
    // (The page's other status region is the offline banner's, empty while online.)
    await expect(
      visitor
        .getByRole('status')
        .filter({ hasText: 'You will no longer receive recognition mails.' }),
    ).toBeVisible();
    await context.close();
  } finally {
    await server.dispose();
  }
});
