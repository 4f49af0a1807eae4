/**
 * Senders of the mail outbox for tests (ADR 023): one that keeps what it was handed, one whose
 * process dies while a mail is with the mail server, and draining a sender until nothing is due.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/database.js';
import type { Config } from '../env.js';
import type { MailMessage } from '../lib/mailer.js';
import { OutboxSender } from '../modules/mail-outbox/mail-outbox.service.js';

/** The test app: its `db`, `dialect` and `config` are getters, so they are read, never spread. */
interface Outbox {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<Config, 'sessionSecret'>;
}

/** A sender whose mailer adds every mail to `delivered`. */
export function keepingSender(
  outbox: Outbox,
  now: () => Date,
  delivered: MailMessage[],
): OutboxSender {
  return new OutboxSender({
    db: outbox.db,
    dialect: outbox.dialect,
    secret: outbox.config.sessionSecret,
    now,
    mailer: { deliver: async (message) => void delivered.push(message) },
  });
}

/**
 * A sender whose process "dies" while handing over its `dieAt`-th mail: that delivery never
 * completes and nothing after it runs; the mails before it are added to `delivered`.
 */
export function dyingSender(
  outbox: Outbox,
  now: () => Date,
  delivered: MailMessage[],
  dieAt: number,
): { sender: OutboxSender; handed: () => number } {
  let handed = 0;
  const sender = new OutboxSender({
    db: outbox.db,
    dialect: outbox.dialect,
    secret: outbox.config.sessionSecret,
    now,
    mailer: {
      deliver: (message) => {
        handed += 1;
        if (handed >= dieAt) return new Promise<void>(() => {});
        delivered.push(message);
        return Promise.resolve();
      },
    },
  });
  return { sender, handed: () => handed };
}

/** Runs the sender's turns until one sends nothing; the number of mails sent. */
export async function sendAllDue(sender: OutboxSender): Promise<number> {
  let total = 0;
  for (;;) {
    const turn = await sender.runOnce();
    if (turn.sent === 0) return total;
    total += turn.sent;
  }
}
