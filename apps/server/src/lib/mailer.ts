/**
 * Outgoing mail through nodemailer: over SMTP when `SMTP_URL` is set, otherwise rendered to an
 * `.eml` file in `DATA_DIR/outbox/` (ADR 004). Delivery runs off the request path, so a response
 * never waits on a mail server (and its timing does not reveal whether a mail was sent).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../env.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * A stable id of this mail (the outbox row's): every delivery of it carries the same
   * Message-ID, so a mail delivered again after a sender died between the server's acceptance
   * and marking it sent is recognisable as the same message (ADR 023).
   */
  id?: string;
}

/** `<id@domain of the sender>`, the Message-ID of every delivery of the mail with this id. */
export function stableMessageId(id: string, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'carevoice.invalid';
  return `<${id}@${domain}>`;
}

export interface Mailer {
  /**
   * Hands a message over for delivery; failures are logged (with `log`, a request's logger, so
   * the line carries its request id), never thrown.
   */
  send(message: MailMessage, log?: FastifyBaseLogger): void;
  /**
   * Delivers a message now and resolves once the server (or the dev outbox) took it; rejects on
   * failure. The mail outbox's sender uses it to know what to retry (ADR 023).
   */
  deliver(message: MailMessage): Promise<void>;
  /** Resolves once every message handed over so far is delivered or has failed. */
  drain(): Promise<void>;
  /** Messages handed over and not yet delivered (for /metrics). */
  queued?(): number;
  close(): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliverNow(message: MailMessage, log: FastifyBaseLogger): Promise<void> {
    const { id, ...fields } = message;
    const info = await transport.sendMail({
      from: config.mailFrom,
      ...fields,
      ...(id ? { messageId: stableMessageId(id, config.mailFrom) } : {}),
    });
    if (config.smtpUrl) {
      log.info({ messageId: info.messageId }, 'mail sent over SMTP');
      return;
    }
    const dir = outboxDir(config.dataDir);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const recipient = message.to.replace(/[^A-Za-z0-9@._-]/g, '_');
    const file = path.join(
      dir,
      `${stamp}-${recipient}-${crypto.randomBytes(3).toString('hex')}.eml`,
    );
    await fs.writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
    log.info({ file }, 'no SMTP_URL: mail written to the outbox');
  }

  return {
    send(message, requestLog = log) {
      const delivery = deliverNow(message, requestLog)
        .catch((error: unknown) => requestLog.error({ err: error }, 'mail delivery failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    deliver: (message) => deliverNow(message, log),
    async drain() {
      await Promise.all([...pending]);
    },
    queued: () => pending.size,
    async close() {
      await Promise.all([...pending]);
      transport.close();
    },
  };
}
