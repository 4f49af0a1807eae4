/**
 * The durable mail outbox (DESIGN §8, ADR 023). A mail is written with `enqueueMail` in the
 * transaction of the event that causes it; the background sender (`OutboxSender`) delivers it
 * later through lib/mailer.ts, so a committed event is mailed even if the process dies right
 * after the commit. At most once per (event, recipient): the row is unique, a claim is exclusive
 * (SKIP LOCKED on PostgreSQL), and each mail is marked sent right after the server took it; a
 * sender that dies between the two sends the mail again after its lease, with the same
 * Message-ID (the row's id), so a mail system can tell it is the same message. A
 * failed delivery is retried with exponential backoff; after OUTBOX_MAX_ATTEMPTS it is given up
 * (kept, with its last error). Logs name the row id and the error, never the text.
 *
 * A mail that carries a secret (an invitation link, a reset code) is written with
 * `enqueueSealedMail`: its body is sealed with the secret box under SESSION_SECRET, opened only to
 * hand it to the mailer, and erased once sent. The request that wrote it tries it once right
 * after its commit (`sendNow`), so the code arrives at once; a failure is retried like any other
 * mail (ADR 044).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import type { Mailer } from '../../lib/mailer.js';
import { PollLoop } from '../../lib/poll-loop.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import {
  claimDue,
  insertOutboxRows,
  markFailed,
  markSent,
  type ClaimedMail,
} from './mail-outbox.repository.js';

/** Mails claimed per turn, and how long a claim holds before another sender may take the row. */
export const OUTBOX_BATCH_SIZE = 20;
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Retry after 1 min, 2, 4 … capped at 1 h; give up after this many attempts. */
export const OUTBOX_RETRY_BASE_MS = 60_000;
export const OUTBOX_RETRY_MAX_MS = 60 * 60_000;
export const OUTBOX_MAX_ATTEMPTS = 12;
/** How often the background sender looks for mail. */
export const OUTBOX_POLL_MS = 5_000;
/** `next_attempt_at` of a mail given up on. */
const NEVER = '9999-12-31T00:00:00.000Z';
/** The secret box's purpose for sealed mail bodies. */
const SEALED_MAIL_PURPOSE = 'mail-outbox';

export interface OutboxMail {
  event: string;
  recipient: string;
  subject: string;
  text: string;
}

/** Writes mails to send, in the caller's transaction; an (event, recipient) already there stays. */
export async function enqueueMail(
  db: Kysely<Database>,
  at: Date,
  mails: readonly OutboxMail[],
): Promise<void> {
  const stamp = toTimestamp(at);
  await insertOutboxRows(
    db,
    mails.map((mail) => ({
      id: newRowId(),
      ...mail,
      created_at: stamp,
      next_attempt_at: stamp,
      attempts: 0,
      last_error: null,
      sent_at: null,
    })),
  );
}

/**
 * Writes one mail that carries a secret, its body sealed under `secret` (SESSION_SECRET), in the
 * caller's transaction; the row's id, for `OutboxSender.sendNow` after the commit.
 */
export async function enqueueSealedMail(
  db: Kysely<Database>,
  at: Date,
  secret: string,
  mail: OutboxMail,
): Promise<string> {
  const stamp = toTimestamp(at);
  const id = newRowId();
  await insertOutboxRows(db, [
    {
      id,
      ...mail,
      text: sealSecret(secret, SEALED_MAIL_PURPOSE, mail.text),
      sealed: 1,
      created_at: stamp,
      next_attempt_at: stamp,
      attempts: 0,
      last_error: null,
      sent_at: null,
    },
  ]);
  return id;
}

/** The wait before the next try after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);
}

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Pick<Mailer, 'deliver'>;
  /** SESSION_SECRET, which opens sealed bodies. */
  secret: string;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  batchSize?: number;
  pollMs?: number;
}

export interface OutboxTurn {
  sent: number;
  failed: number;
}

/** Sends the outbox's mails: `runOnce()` for one batch (tests), `start()`/`stop()` in the server. */
export class OutboxSender {
  // Sends batches while they all go out, then waits `pollMs`.
  private readonly loop = new PollLoop(
    async (stopped) => {
      let turn: OutboxTurn;
      do turn = await this.runOnce();
      while (!stopped() && turn.sent + turn.failed > 0 && turn.failed === 0);
    },
    (error) => this.options.log?.warn({ err: error }, 'mail outbox turn failed'),
  );
  private readonly firstTries = new Set<Promise<void>>();

  constructor(private readonly options: OutboxSenderOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Claims one batch and delivers it, marking each mail sent as soon as it was taken. */
  async runOnce(): Promise<OutboxTurn> {
    const now = this.now();
    const claimed = await claimDue(
      this.options.db,
      this.options.dialect,
      toTimestamp(now),
      toTimestamp(new Date(now.getTime() + OUTBOX_LEASE_MS)),
      this.options.batchSize ?? OUTBOX_BATCH_SIZE,
    );
    const turn = await this.deliverClaimed(claimed);
    if (turn.sent > 0) this.options.log?.info({ sent: turn.sent }, 'mail outbox sent');
    return turn;
  }

  /**
   * Tries these mails now (just written, their transaction committed); one that fails, or that
   * another sender holds, is left to the background turns. Never rejects. `log`: a request's
   * logger, so a failure's line carries the request id.
   */
  sendNow(ids: readonly string[], log = this.options.log): Promise<void> {
    const now = this.now();
    const attempt = (async () => {
      if (ids.length === 0) return;
      const claimed = await claimDue(
        this.options.db,
        this.options.dialect,
        toTimestamp(now),
        toTimestamp(new Date(now.getTime() + OUTBOX_LEASE_MS)),
        ids.length,
        ids,
      );
      await this.deliverClaimed(claimed, log);
    })()
      .catch((error: unknown) => log?.warn({ err: error }, 'mail outbox turn failed'))
      .finally(() => this.firstTries.delete(attempt));
    this.firstTries.add(attempt);
    return attempt;
  }

  /** Resolves once every `sendNow` so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.firstTries.size > 0) await Promise.all([...this.firstTries]);
  }

  private async deliverClaimed(
    claimed: readonly ClaimedMail[],
    log = this.options.log,
  ): Promise<OutboxTurn> {
    const { db, mailer, secret } = this.options;
    const turn: OutboxTurn = { sent: 0, failed: 0 };
    for (const mail of claimed) {
      try {
        const text = mail.sealed ? openSecret(secret, SEALED_MAIL_PURPOSE, mail.text) : mail.text;
        if (text === undefined) throw new Error('sealed with another SESSION_SECRET');
        await mailer.deliver({ id: mail.id, to: mail.recipient, subject: mail.subject, text });
      } catch (error) {
        turn.failed += 1;
        const message = error instanceof Error ? error.message.slice(0, 500) : 'delivery failed';
        const next =
          mail.attempts >= OUTBOX_MAX_ATTEMPTS
            ? NEVER
            : toTimestamp(new Date(this.now().getTime() + retryDelayMs(mail.attempts)));
        await markFailed(db, mail.id, next, message);
        log?.warn({ outboxId: mail.id, attempts: mail.attempts, err: message }, 'mail not sent');
        continue;
      }
      await markSent(db, mail.id, toTimestamp(this.now()), mail.sealed === 1);
      turn.sent += 1;
    }
    return turn;
  }

  /** Sends until the outbox is empty, then polls every `pollMs`. */
  start(): void {
    this.loop.start(this.options.pollMs ?? OUTBOX_POLL_MS);
  }

  /** Stops polling and waits for the turn in progress and the first tries. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await this.settled();
  }
}
