/**
 * The durable mail outbox (ADR 023): each mail is delivered once even when a sender dies in the
 * middle of a batch and another takes over, and when two senders share one database; a failed
 * SMTP delivery is retried with backoff.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from '../../lib/mailer.js';
import { describeEachDialect, TestClock, useTestApp } from '../../test/harness.js';
import { dyingSender, keepingSender, sendAllDue } from '../../test/outbox-senders.js';
import { enqueueMail, OUTBOX_LEASE_MS, OutboxSender, retryDelayMs } from './mail-outbox.service.js';

function mails(event: string, count: number) {
  return Array.from({ length: count }, (_, n) => ({
    event,
    recipient: `person-${n}@carevoice.test`,
    subject: 'A problem was reported',
    text: 'Open the inbox.',
  }));
}

describe('retryDelayMs', () => {
  it('doubles from one minute and stops at an hour', () => {
    expect([1, 2, 3, 7, 20].map(retryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});

describeEachDialect('mail outbox', (dialect) => {
  const t = useTestApp(dialect);

  it('keeps one row per event and recipient, however often it is written', async () => {
    await enqueueMail(t.db, t.clock.now(), mails('unique', 3));
    await enqueueMail(t.db, t.clock.now(), mails('unique', 3));
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('event', '=', 'unique')
      .execute();
    expect(rows).toHaveLength(3);
    await t.db.deleteFrom('mail_outbox').execute();
  });

  it('a sender killed in the middle of a batch: the next one sends the rest, each mail once', async () => {
    await enqueueMail(t.db, t.clock.now(), mails('killed', 10));
    const delivered: MailMessage[] = [];
    // The first sender's process dies while handing over its fifth mail.
    const dying = dyingSender(t, t.clock.now, delivered, 5);
    void dying.sender.runOnce();
    await waitFor(() => dying.handed() >= 5);
    expect(delivered).toHaveLength(4);

    // A restarted sender: the dead one's claim holds until its lease ends.
    const clock = new TestClock();
    const restarted = keepingSender(t, clock.now, delivered);
    expect((await restarted.runOnce()).sent).toBe(0);
    clock.advanceMinutes(OUTBOX_LEASE_MS / 60_000 + 1);
    await sendAllDue(restarted);
    // The mail whose delivery never completed is sent by the new sender; none twice.
    const recipients = delivered.map((message) => message.to).sort();
    expect(recipients).toEqual(
      mails('killed', 10)
        .map((mail) => mail.recipient)
        .sort(),
    );
    const unsent = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .execute();
    expect(unsent).toEqual([]);
    await t.db.deleteFrom('mail_outbox').execute();
  });

  it('two senders on one database send every mail exactly once', async () => {
    await enqueueMail(t.db, t.clock.now(), mails('pair', 120));
    const delivered: string[] = [];
    const sender = () =>
      new OutboxSender({
        db: t.db,
        dialect: t.dialect,
        secret: t.config.sessionSecret,
        now: t.clock.now,
        batchSize: 7,
        mailer: {
          deliver: async (message) => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            delivered.push(message.to);
          },
        },
      });
    const [a, b] = await Promise.all([sendAllDue(sender()), sendAllDue(sender())]);
    expect(a + b).toBe(120);
    expect(new Set(delivered).size).toBe(120);
    expect(delivered).toHaveLength(120);
    if (dialect === 'postgres') {
      // Both took part (SKIP LOCKED let them claim different rows at the same time).
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
    await t.db.deleteFrom('mail_outbox').execute();
  });

  it('retries a failed SMTP delivery with backoff, then sends it once, with the same Message-ID', async () => {
    let attempts = 0;
    const received: string[] = [];
    const messageIds: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          attempts += 1;
          messageIds.push(
            /^Message-ID: (.*)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '',
          );
          if (attempts === 1) {
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'CareVoice <no-reply@carevoice.local>',
        dataDir: t.config.dataDir,
      },
      t.app.log,
    );
    try {
      await enqueueMail(t.db, t.clock.now(), mails('smtp', 1));
      const clock = new TestClock();
      const sender = new OutboxSender({
        db: t.db,
        dialect: t.dialect,
        secret: t.config.sessionSecret,
        now: clock.now,
        mailer,
      });
      expect(await sender.runOnce()).toEqual({ sent: 0, failed: 1 });
      const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/Try again later/);
      expect(row.sent_at).toBeNull();
      // Not before the backoff has passed.
      expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
      clock.advanceMinutes(2);
      expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Open the inbox.');
      // Both deliveries were the same message: a mail system can drop a repeated one.
      expect(messageIds).toEqual([`<${row.id}@carevoice.local>`, `<${row.id}@carevoice.local>`]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.db.deleteFrom('mail_outbox').execute();
    }
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let n = 0; n < 500 && !condition(); n += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!condition()) throw new Error('condition not met');
}
