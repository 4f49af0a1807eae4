import type { Kysely } from 'kysely';
import type { ChangeCounter } from './db/change-counter.js';
import type { Dialect } from './db/connect.js';
import type { Database } from './db/database.js';
import type { PublishedVersions } from './db/questions.js';
import type { Config } from './env.js';
import type { Mailer } from './lib/mailer.js';
import type { OutboxSender } from './modules/mail-outbox/mail-outbox.service.js';
import type { SessionCache } from './modules/auth/session-cache.js';
import type { CensusFeedListener } from './modules/census-feed/census-feed.listener.js';
import type { CampaignRunner } from './modules/survey-links/campaign-runner.js';

/** What every module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** The clock; tests inject one to cross idle and expiry limits without sleeping. */
  now: () => Date;
  mailer: Mailer;
  /**
   * The durable mail outbox's sender (ADR 023): main.ts starts its background turns; a request
   * that wrote a mail with a secret tries it at once with `sendNow` (ADR 044).
   */
  outbox: OutboxSender;
  /** Moves on every write a cached answer could depend on; undefined: nothing is cached. */
  changes: ChangeCounter;
  /** The session lookup of every request, between writes (ADR 011). */
  sessions: SessionCache;
  /** The questions of published questionnaire versions, which never change (ADR 039). */
  publishedVersions: PublishedVersions;
  /** A new TOTP secret, base32 (tests pass a fixed one to compute codes). */
  newMfaSecret: () => string;
  /**
   * The hash an unknown account's sign-in is verified against, at the cost of the stored
   * passwords (auth.service.ts `serverUnknownAccountHash`, the server's cost; test apps whose
   * demo accounts have the tests' lower cost pass one at that cost).
   */
  unknownAccountHash: () => Promise<string>;
  /** The census feed's MLLP listener (ADR 050) when HL7_PORT is set; main.ts starts it. */
  censusFeed: CensusFeedListener | undefined;
  /** Sends campaigns of surveys by link and their reminders (ADR 065); main.ts starts it. */
  campaigns: CampaignRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
