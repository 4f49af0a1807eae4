/**
 * Mails that carry a secret go through the durable outbox (issue 31 finding 5, ADR 044): with
 * the mail server down, an invitation and a reset code are kept, sealed, and sent by a later
 * turn; once sent, their bodies are erased.
 */
import { CreatedResponseSchema } from '@carevoice/shared';
import { beforeAll, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mailer.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { keepingSender, sendAllDue } from '../../test/outbox-senders.js';
import { call, MAPLE } from '../../test/survey-kit.js';
import { OUTBOX_RETRY_BASE_MS } from './mail-outbox.service.js';

describeEachDialect('mails with a secret, SMTP down', (dialect) => {
  // Nothing listens on port 9 (discard) here: every delivery is refused.
  const t = useTestApp(dialect, {
    seed: true,
    mailer: 'real',
    config: { smtpUrl: 'smtp://127.0.0.1:9' },
  });
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  const outboxRow = (recipient: string) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .executeTakeFirstOrThrow();

  /** A later sender turn, once the first retry is due; what it delivered to `recipient`. */
  async function retried(recipient: string): Promise<MailMessage | undefined> {
    t.clock.advanceMinutes(OUTBOX_RETRY_BASE_MS / 60_000 + 1);
    const delivered: MailMessage[] = [];
    await sendAllDue(keepingSender(t, t.clock.now, delivered));
    return delivered.find((mail) => mail.to === recipient);
  }

  it('an invitation is kept sealed, retried, and its body erased once sent', async () => {
    const email = 'ines.invitee@carevoice.test';
    const response = await call(t, admin, 'adminCreateUser', {
      body: { email, name: 'Ines Invitee', permissions: [], facility_ids: [MAPLE] },
    });
    expect(response.statusCode, response.body).toBe(201);
    CreatedResponseSchema.parse(response.json());
    await t.mail.settle();

    // The first try failed; the mail waits for the next, its link not readable in the row.
    const waiting = await outboxRow(email);
    expect(waiting).toMatchObject({ sealed: 1, attempts: 1, sent_at: null });
    expect(waiting.last_error).toEqual(expect.any(String));
    expect(waiting.text).toMatch(/^v1\./);
    expect(waiting.text).not.toContain('accept-invitation');

    const mail = await retried(email);
    const token = mail?.text.match(/\/accept-invitation#token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toEqual(expect.any(String));
    expect(await outboxRow(email)).toMatchObject({ text: '', sent_at: expect.any(String) });

    // The retried link works.
    const accepted = await call(t, undefined, 'acceptInvitation', {
      body: { token: token ?? '', password: 'a-long-new-password' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('a reset code is kept sealed, retried, and its body erased once sent', async () => {
    const email = 'staff@carevoice.test';
    const response = await call(t, undefined, 'resetRequest', { body: { email } });
    expect(response.statusCode).toBe(200);
    await t.mail.settle();

    const waiting = await outboxRow(email);
    expect(waiting).toMatchObject({ sealed: 1, attempts: 1, sent_at: null });
    expect(waiting.text).toMatch(/^v1\./);
    expect(waiting.text).not.toMatch(/\b\d{6}\b/);

    const mail = await retried(email);
    const code = mail?.text.match(/reset code is: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await outboxRow(email)).toMatchObject({ text: '', sent_at: expect.any(String) });

    const confirmed = await call(t, undefined, 'resetConfirm', {
      body: {
        user_id: response.json<{ user_id: string }>().user_id,
        otp: code ?? '',
        password: 'another-long-password',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
