import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/accounts.js';
import { facilityIdByName } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { E2E_PORT } from '../support/env.js';
import { ownServer } from '../support/own-server.js';

/*
 * The census feed screen (issue 36, ADR 055) in Chromium against the built server with its HL7
 * listener on: a sender written here from the standard — MLLP framing (HL7 v2.5.1 appendix C:
 * <VT> message <FS><CR>) and ADT messages from the segment definitions, not the library the
 * listener uses — sends to a facility that does not map its code yet (refused, AR), the
 * administrator adds the code on the screen, the messages then arrive: one applied, one in
 * error (its raw text shown), one held until its patient exists, then applied again by hand.
 */

const FACILITY = 'Riverside Senior Living';
const SENDING_FACILITY = 'E2EEHR';
const VT = '\u000b';
const FS = '\u001c';
const CR = '\r';

/** One MLLP connection: a frame out, the ACK frame back. */
class Sender {
  private buffer = '';
  private waiting: ((frame: string) => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      this.buffer += data;
      const end = this.buffer.indexOf(FS + CR);
      if (end === -1 || !this.waiting) return;
      const frame = this.buffer.slice(this.buffer.indexOf(VT) + 1, end);
      this.buffer = this.buffer.slice(end + 2);
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(frame);
    });
  }

  static connect(port: number): Promise<Sender> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(new Sender(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a message and answers MSA-1 (the ACK code) and MSA-3 (its text). */
  async send(message: string): Promise<{ code: string; text: string }> {
    const answer = new Promise<string>((resolve) => {
      this.waiting = resolve;
    });
    this.socket.write(Buffer.from(`${VT}${message}${FS}${CR}`, 'utf8'));
    const msa = (await answer).split(CR).find((segment) => segment.startsWith('MSA|')) ?? '';
    const [, code = '', , text = ''] = msa.split('|');
    return { code, text };
  }

  close(): void {
    this.socket.end();
  }
}

/** An ADT message as an EHR sends it (MSH, EVN, PID with repeated identifiers, PV1, a Z-segment). */
function adt(event: string, control: string, mrn: string, family: string): string {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const pv1 = Array.from({ length: 46 }, () => '');
  pv1[0] = 'PV1';
  pv1[1] = '1';
  pv1[2] = 'I';
  pv1[3] = `EAST^12^A^${SENDING_FACILITY}`;
  pv1[44] = event === 'A01' ? `${yesterday}0900` : '';
  const name = family === '' ? '' : `${family}^Ada^^^^^L`;
  return [
    `MSH|^~\\&|PCC|${SENDING_FACILITY}|CAREVOICE|CV|${yesterday}0905||ADT^${event}^ADT_A01|${control}|P|2.5.1|||AL|NE`,
    `EVN|${event}|${yesterday}0905`,
    `PID|1||123-45-6789^^^SSA^SS~${mrn}^^^PCC^MR||${name}||19400312|F`,
    pv1.join('|'),
    'ZPV|PCC-EXT|care-level^long-stay',
  ].join(CR);
}

async function signIn(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill('admin@carevoice.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
}

test('an administrator maps the EHR’s code on the feed screen, sees its messages arrive, reads an error and applies a held message again', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const hl7Port = E2E_PORT + 61;
  const server = ownServer(E2E_PORT + 63, {
    env: { HL7_PORT: String(hl7Port), HL7_ALLOWED_SENDERS: '127.0.0.1' },
  });
  await server.start();
  let sender: Sender | undefined;
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.baseURL);
    const facilityId = await facilityIdByName(page, FACILITY);
    await page.goto(`${server.baseURL}/admin/feed?facility=${facilityId}`);
    await expect(page.getByRole('heading', { name: 'Census feed', level: 2 })).toBeVisible();
    await expect(page.getByTestId('feed-listener')).toHaveText('Listening for HL7 messages');
    await expect(page.getByTestId('feed-last-received')).toHaveText('No message received yet');
    await expect(page.getByText('No message has arrived for this facility yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The facility does not map the EHR's code yet: refused, nothing stored.
    sender = await Sender.connect(hl7Port);
    const refused = await sender.send(adt('A01', 'E2E-1', 'E2E-100', 'Feedtest'));
    expect(refused.code).toBe('AR');
    expect(refused.text).toContain('No facility maps this sending facility (MSH-4)');

    // The administrator adds the code (keyboard: type, Enter, then save).
    await page.getByRole('button', { name: 'Edit codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Census feed codes' });
    const codes = dialog.getByRole('combobox', { name: 'Sending facility codes (MSH-4)' });
    await expect(codes).toBeFocused();
    await codes.pressSequentially(SENDING_FACILITY);
    await codes.press('Enter');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Census feed codes saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('list', { name: 'Sending facility codes (MSH-4)' }).getByRole('listitem'),
    ).toHaveText([SENDING_FACILITY]);

    // The engine sends again: applied; then a message in error and one held.
    expect((await sender.send(adt('A01', 'E2E-1', 'E2E-100', 'Feedtest'))).code).toBe('AA');
    const failed = await sender.send(adt('A01', 'E2E-2', 'E2E-200', ''));
    expect(failed.code).toBe('AE');
    expect((await sender.send(adt('A08', 'E2E-3', 'E2E-300', 'Heldman'))).code).toBe('AA');

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('feed-last-received')).not.toHaveText('No message received yet');
    await expect(page.getByTestId('feed-per-hour')).toHaveText(
      '3 messages in the last 24 hours: 1 applied, 1 held, 1 error.',
    );
    const table = page.getByRole('table', { name: 'Census feed messages' });
    await expect(table.getByRole('row', { name: /E2E-1/ })).toContainText('Applied');
    await expect(table.getByRole('row', { name: /E2E-2/ })).toContainText(
      'PID-5 holds no family and given name.',
    );
    await expect(table.getByRole('row', { name: /E2E-3/ })).toContainText('Held');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('census-feed.png'), fullPage: true });

    // Errors only; the raw message of the error (administrators; audited by the server).
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Error' }).click();
    await expect(page).toHaveURL(/status=error/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: 'View message E2E-2' }).click();
    const raw = page.getByRole('dialog', { name: 'Message A01 E2E-2' });
    await expect(raw.getByRole('region', { name: /The message as received/ })).toContainText(
      `MSH|^~\\&|PCC|${SENDING_FACILITY}|`,
    );
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(raw).toBeHidden();

    // The held A08's patient is added to the census; "Apply again", confirmed: applied.
    const added = await page.request.post(
      new URL(`/api/v1/admin/facilities/${facilityId}/residents/`, server.baseURL).toString(),
      {
        data: {
          client_id: 'E2E-300',
          first_name: 'Ada',
          last_name: 'Heldman',
          preferred_language: 'en',
        },
        headers: { origin: server.baseURL },
      },
    );
    expect(added.status()).toBe(201);
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Held' }).click();
    await table.getByRole('button', { name: 'Apply message E2E-3 again' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply this message again?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // From the keyboard: the safe choice has the focus; Tab reaches "Apply again".
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Apply again' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('The message was applied.')).toBeVisible();
    await expect(page.getByText('No message has this outcome.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(table.getByRole('row', { name: /E2E-3/ })).toContainText('Applied');
    await expectNoSeriousA11yViolations(page);
  } finally {
    sender?.close();
    await server.dispose();
  }
});
