/**
 * The server test harness, shared by every module's tests:
 *
 *   describeEachDialect('surveys', (dialect) => {
 *     const t = useTestApp(dialect, { seed: true });
 *     it('…', async () => {
 *       const staff = await t.login('staff@carevoice.test');
 *       const response = await t.app.inject({ method: 'GET', url: …, headers: staff.headers });
 *     });
 *   });
 *
 * Each app gets a migrated database of its own: SQLite in memory, or (when TEST_DATABASE_URL is
 * set) a PostgreSQL database `t_<random>` dropped again afterwards. It is a copy of the run's
 * migrated (or migrated and seeded) template, which global-setup.ts builds once (ADR 058);
 * `fresh: true` migrates and seeds instead, for the tests of the migrations and the seed.
 * Without TEST_DATABASE_URL the PostgreSQL pass is reported as skipped, with the reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginResponse } from '@carevoice/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { generateSync } from 'otplib';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD } from '../constants.js';
import type { AppContext } from '../context.js';
import type { ChangeCounter } from '../db/change-counter.js';
import { connect, type ConnectOptions, type DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/demo.js';
import { loadConfig, testDatabaseUrl, type Config } from '../env.js';
import { hash } from '@node-rs/argon2';
import { hashPassword, randomToken } from '../lib/crypto.js';
import type { MailMessage, Mailer } from '../lib/mailer.js';
import {
  adminQuery,
  copyPostgresTemplate,
  pgDatabaseUrl,
  sqliteTemplateImage,
  TEST_PASSWORD_COST,
  TEST_TODAY,
} from './templates.js';

export { TEST_TODAY };

export type TestDialect = 'sqlite' | 'postgres';

const PG_URL = testDatabaseUrl();

/**
 * Every TOTP secret an app under test makes (AppDeps.newMfaSecret), so a test can compute the
 * codes of any user's authenticator app: `totpCode(t.clock.now())`.
 */
export const TEST_MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code an authenticator app with TEST_MFA_SECRET shows at `at` (plus `offsetSeconds`). */
export function totpCode(at: Date, offsetSeconds = 0): string {
  return generateSync({
    secret: TEST_MFA_SECRET,
    epoch: Math.floor(at.getTime() / 1000) + offsetSeconds,
  });
}

/**
 * Scale checks at full size (`npm run test:scale`, run by `npm run bench`; ADR 058): a test with
 * a volume reads its size from this, and the suite runs the same assertions on small data.
 */
export const SCALE = process.env.TEST_SCALE === '1';

/** The test clock's start: noon of TEST_TODAY, the anchor of seeded test data. */
export const TEST_START = new Date(`${TEST_TODAY}T12:00:00.000Z`);

/**
 * Every base table, for row-count snapshots and "nothing was written" (endpoint-requests.ts
 * `dbState`); the tables derived from them are DERIVED_TABLES. `db-state.test.ts` checks that
 * the two lists together name every table of a migrated database.
 */
export const ALL_TABLES = [
  'users',
  'user_facilities',
  'user_permissions',
  'sessions',
  'password_resets',
  'invitations',
  'login_attempts',
  'facilities',
  'residents',
  'questionnaires',
  'questions',
  'survey_sets',
  'facility_survey_sets',
  'surveys',
  'answers',
  'employees',
  'acknowledgements',
  'idempotency_keys',
  'audit_events',
  'mfa_recovery_codes',
  'mfa_challenges',
  'known_devices',
  'alerts',
  'mail_outbox',
  'feed_mappings',
  'feed_codes',
  'feed_messages',
  'import_mappings',
  'contacts',
  'campaigns',
  'survey_links',
  'survey_link_tokens',
  'questionnaire_versions',
] as const satisfies readonly (keyof Database)[];

/**
 * The tables worked out from the base tables, which "nothing was written" does not read: they
 * change only when a base table does, or when a read brings them up to date, and their own
 * tests check their contents.
 * - `answer_counts`, `answer_month_counts` (ADR 034) and `survey_counts`,
 *   `survey_month_counts` (ADR 037): kept by triggers on `answers` and `surveys`.
 * - `coreq_stale` (ADR 061): filled by triggers on the surveys, answers, residents and versions
 *   the CoreQ rules read; `coreq_responses`: worked out from those rows by the CoreQ panel, on
 *   a read, which also empties `coreq_stale`.
 * - SQLite's `answer_search` (ADR 036, an FTS5 index kept by triggers on `answers`, with its
 *   shadow tables `answer_search_*`) is not in `Database`; it is named in db-state.test.ts.
 */
export const DERIVED_TABLES = [
  'answer_counts',
  'answer_month_counts',
  'survey_counts',
  'survey_month_counts',
  'coreq_stale',
  'coreq_responses',
] as const satisfies readonly (keyof Database)[];

/** Runs `body` once per dialect: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function describeEachDialect(name: string, body: (dialect: TestDialect) => void): void {
  describe(`${name} [sqlite]`, () => body('sqlite'));
  describe.skipIf(!PG_URL)(
    PG_URL ? `${name} [postgres]` : `${name} [postgres] — skipped: TEST_DATABASE_URL is not set`,
    () => body('postgres'),
  );
}

/** A clock the test moves by hand. */
export class TestClock {
  private current = TEST_START.getTime();

  readonly now = (): Date => new Date(this.current);

  advanceMinutes(minutes: number): void {
    this.current += minutes * 60_000;
  }
}

/** A mailer that keeps messages instead of sending them. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /**
   * Waits for the app's work after responses (a reset mail is queued after the answer) and the
   * outbox's first tries of the mails requests wrote (ADR 044).
   */
  settle: () => Promise<void> = async () => {};

  send(message: MailMessage): void {
    this.sent.push(message);
  }

  async deliver(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  async drain(): Promise<void> {}

  async close(): Promise<void> {}

  /** The 6-digit code of the last mail to `email`, once the mails after responses are queued. */
  async lastCode(email: string): Promise<string> {
    await this.settle();
    const mail = this.sent.filter((message) => message.to === email).at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no reset code mailed to ${email}`);
    return code;
  }

  /** The token in the invitation link of the last mail to `email` (`…#token=<token>`). */
  async lastInvitationToken(email: string): Promise<string> {
    await this.settle();
    const mail = this.sent.filter((message) => message.to === email).at(-1);
    const token = mail?.text.match(/\/accept-invitation#token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no invitation link mailed to ${email}`);
    return token;
  }
}

export interface TestAppOptions {
  /** Seed the demo data (anchored at TEST_TODAY). */
  seed?: boolean;
  /** Migrate (and seed) this database itself instead of copying the run's template. */
  fresh?: boolean;
  config?: Partial<Config>;
  /** Default: a CapturingMailer. Pass `'real'` for the configured nodemailer transport. */
  mailer?: Mailer | 'real';
  /** The caches' change counter instead of the database's (tests that hold the count still). */
  changeCounter?: ChangeCounter;
  /** Log lines go here (set `config.logLevel` too: tests default to `silent`). */
  logs?: DestinationStream;
  /** Adds test-only routes before the app is ready. */
  extend?: (app: FastifyInstance) => void;
  /** SQLite: the file `config.sqliteFile` instead of memory, so other connections can open it. */
  sqliteFile?: boolean;
  /**
   * connect() options of the app's database (busy timeout, PostgreSQL address and timeout, a
   * `log` hook that sees every statement).
   */
  connect?: Pick<ConnectOptions, 'busyTimeoutMs' | 'databaseUrl' | 'pgConnectionTimeoutMs' | 'log'>;
}

export interface SignedIn {
  body: LoginResponse;
  /** Cookies set by the login response. */
  cookies: Record<string, string>;
  /** `cookie` header carrying the session. */
  headers: { cookie: string };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Kysely<Database>;
  dialect: TestDialect;
  /** PostgreSQL: the address of the app's own database. */
  pgUrl?: string;
  clock: TestClock;
  config: Config;
  /** The CapturingMailer, unless the app uses the real one. */
  mail: CapturingMailer;
  /** Signs in through the API (default password: the demo one). */
  login(email: string, password?: string): Promise<SignedIn>;
  /** Row count of every table. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

let demoHash: Promise<string> | undefined;
let lowCostUnknownAccountHash: Promise<string> | undefined;

/**
 * The unknown accounts' hash of an app on a template: a random token's at the demo accounts'
 * cost there (TEST_PASSWORD_COST), so a sign-in on an unknown email costs what one on a demo
 * account costs, as in production, where both have the server's cost. Made once per worker.
 */
function testUnknownAccountHash(): Promise<string> {
  lowCostUnknownAccountHash ??= hash(randomToken(), TEST_PASSWORD_COST);
  return lowCostUnknownAccountHash;
}

/** Cookies set by a response, by name. */
export function responseCookies(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export async function buildTestApp(
  dialect: TestDialect,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-test-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webDist: path.join(dataDir, 'web-dist-missing'),
    ...options.config,
  };

  const templates = options.fresh ? undefined : inject('testTemplates');
  const kind = options.seed ? 'seeded' : 'migrated';
  let database: DatabaseHandle;
  let pgUrl: string | undefined;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
    const name = await copyPostgresTemplate(templates?.postgres?.[kind] ?? 'template1');
    pgUrl = pgDatabaseUrl(options.connect?.databaseUrl ?? PG_URL, name);
    database = connect({ ...options.connect, databaseUrl: pgUrl });
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else if (options.sqliteFile) {
    if (templates) {
      fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
      fs.copyFileSync(templates.sqlite[kind], config.sqliteFile);
    }
    database = connect({ ...options.connect, sqliteFile: config.sqliteFile });
  } else {
    database = connect({
      ...options.connect,
      ...(templates ? { sqliteImage: sqliteTemplateImage(templates.sqlite[kind]) } : {}),
    });
  }
  const fromTemplate = dialect === 'postgres' ? templates?.postgres : templates;
  if (!fromTemplate) {
    await migrateToLatest(database.db);
    if (options.seed) {
      demoHash ??= hashPassword(DEMO_PASSWORD);
      await seedDemoData(database.db, { today: TEST_TODAY, passwordHash: await demoHash });
    }
  }

  const clock = new TestClock();
  const mail = new CapturingMailer();
  const counter = options.changeCounter;
  const app = await buildApp(config, {
    database: counter ? { ...database, changeCounter: () => counter } : database,
    now: clock.now,
    checkResponses: true,
    newMfaSecret: () => TEST_MFA_SECRET,
    // Demo accounts from a template have the low cost; migrated here, the server's (fresh).
    ...(fromTemplate ? { unknownAccountHash: testUnknownAccountHash } : {}),
    ...(options.mailer === 'real' ? {} : { mailer: options.mailer ?? mail }),
    ...(options.logs ? { logs: options.logs } : {}),
  });
  options.extend?.(app);
  await app.ready();
  mail.settle = async () => {
    await app.afterResponsesSettled();
    await app.ctx.outbox.settled();
  };

  return {
    app,
    ctx: app.ctx,
    db: database.db,
    dialect,
    ...(pgUrl ? { pgUrl } : {}),
    clock,
    config,
    mail,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/users/sf-login/',
        payload: { username: email, password },
      });
      if (response.statusCode !== 200) {
        throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
      }
      const cookies = responseCookies(response);
      return {
        body: response.json<LoginResponse>(),
        cookies,
        headers: { cookie: `cv_session=${cookies.cv_session}` },
      };
    },
    async counts() {
      // One statement, so one connection: a test counting right after its database came back
      // does not wait for a pool's worth of new connections.
      const { rows } = await sql<Record<string, number | string>>`select ${sql.join(
        ALL_TABLES.map(
          (table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`,
        ),
      )}`.execute(database.db);
      const row = rows[0] ?? {};
      return Object.fromEntries(ALL_TABLES.map((table) => [table, Number(row[table])]));
    },
    async close() {
      await app.close();
      await database.close().catch(() => undefined);
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app per describe block: built before its tests, closed after them. The returned object
 * forwards to that app, so tests write `t.app.inject(…)`.
 */
export function useTestApp(dialect: TestDialect, options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(dialect, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('useTestApp: the app exists only inside tests');
      return current[key as keyof TestApp];
    },
  });
}
