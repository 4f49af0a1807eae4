/**
 * Configuration (DESIGN §2): the only reader of `process.env`. Validated once at start-up; a bad
 * value stops the process with one readable list of every problem.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDLE_LOCK_MINUTES_DEFAULT } from '@carevoice/shared';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** `postgres://…`, or undefined for SQLite at `sqliteFile`. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  demoData: boolean;
  sessionSecret: string;
  sessionIdleMinutes: number;
  /** Minutes without a touch before the tablet's screen locks (ADR 025); 0: never. */
  idleLockMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin users open, without a trailing slash; `https://` turns on Secure cookies and HSTS. */
  publicUrl: string;
  logLevel: LogLevel;
  /**
   * Which reverse proxies' `X-Forwarded-*` to believe (the client address throttling and the
   * audit log use): none (`false`), the nearest N hops, or the proxies at these addresses or
   * CIDR ranges. Never "trust the leftmost X-Forwarded-For", which the client writes.
   */
  trustProxy: TrustProxy;
  /** Users with `Administration` must turn on a second factor before the back office opens. */
  mfaRequiredForAdministration: boolean;
  /** Bearer token that opens `GET /metrics`; undefined: no `/metrics` at all. */
  metricsToken: string | undefined;
  /** Folder of the built web app (`apps/web/dist`). */
  webDist: string;
  /** The census feed's MLLP listener (ADR 050); undefined: HL7_PORT unset, no listener. */
  censusFeed?: CensusFeedConfig | undefined;
  /** Days a survey link works after it is sent (ADR 059). */
  surveyLinkDays: number;
}

/** HL7_PORT, HL7_ALLOWED_SENDERS, HL7_TLS_CERT / HL7_TLS_KEY (DESIGN §9). */
export interface CensusFeedConfig {
  port: number;
  /** Addresses and CIDR ranges that may connect; every other peer is refused. */
  allowedSenders: string[];
  /** PEM certificate chain and key (read at start); undefined: plain MLLP. */
  tls: { cert: string; key: string } | undefined;
}

/** `../../web/dist` from `apps/server/src` or `apps/server/dist`: the built web app. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const SECRET_MIN_LENGTH = 32;

/** `false`, a hop count, or trusted proxy addresses / CIDR ranges (Fastify's `trustProxy`). */
export type TrustProxy = false | number | string[];

/** An IPv4 or IPv6 address, optionally with a `/prefix`. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value === 'true' || entries.some((entry) => !isAddressOrRange(entry))) {
      context.addIssue({
        code: 'custom',
        message:
          'must be false, a hop count (1 = the one proxy in front of CareVoice) or a comma-separated ' +
          'list of the proxies\' addresses or CIDR ranges; "true" would trust the client-written ' +
          'leftmost X-Forwarded-For',
      });
      return z.NEVER;
    }
    return entries;
  });
/** A comma-separated list of addresses or CIDR ranges. */
const AddressListSchema = z
  .string()
  .trim()
  .transform((value, context): string[] => {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.some((entry) => !isAddressOrRange(entry))) {
      context.addIssue({
        code: 'custom',
        message:
          'must be a comma-separated list of addresses or CIDR ranges, e.g. 10.0.4.20,10.1.0.0/16',
      });
      return z.NEVER;
    }
    return entries;
  });

const PortSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave unset for SQLite)')
    .optional(),
  /** Defaults to true, but false with NODE_ENV=production (ADR 044). */
  DEMO_DATA: z.stringbool({ error: 'must be true or false' }).optional(),
  SESSION_SECRET: z
    .string()
    .min(SECRET_MIN_LENGTH, `must be at least ${SECRET_MIN_LENGTH} characters`)
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(24 * 60, 'must be at most 1440 (one day)')
    .default(30),
  IDLE_LOCK_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 (never lock) or more')
    .max(24 * 60, 'must be at most 1440 (one day)')
    .default(IDLE_LOCK_MINUTES_DEFAULT),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be a sender address')
    .default('CareVoice <no-reply@carevoice.local>'),
  /** Defaults to http://localhost:PORT (http://localhost:3000). */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  TRUST_PROXY: TrustProxySchema.default(false),
  MFA_REQUIRED_FOR_ADMINISTRATION: z.stringbool({ error: 'must be true or false' }).optional(),
  METRICS_TOKEN: z
    .string()
    .min(SECRET_MIN_LENGTH, `must be at least ${SECRET_MIN_LENGTH} characters`)
    .optional(),
  SURVEY_LINK_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(365, 'must be at most 365')
    .default(30),
  HL7_PORT: PortSchema.optional(),
  HL7_ALLOWED_SENDERS: AddressListSchema.optional(),
  HL7_TLS_CERT: z.string().optional(),
  HL7_TLS_KEY: z.string().optional(),
});

/** The census feed's settings, or the problems with them (all at once, like the rest). */
function censusFeedConfig(
  values: z.infer<typeof EnvSchema>,
  problems: string[],
): CensusFeedConfig | undefined {
  const {
    HL7_PORT: port,
    HL7_ALLOWED_SENDERS: senders,
    HL7_TLS_CERT: cert,
    HL7_TLS_KEY: key,
  } = values;
  if (port === undefined) return undefined;
  if (port === values.PORT) problems.push('HL7_PORT must differ from PORT');
  if (!senders) {
    problems.push(
      'HL7_ALLOWED_SENDERS is required with HL7_PORT: the addresses or CIDR ranges of the ' +
        "interface engines that send the facility's ADT messages (every other peer is refused)",
    );
  }
  if ((cert === undefined) !== (key === undefined)) {
    problems.push('HL7_TLS_CERT and HL7_TLS_KEY go together: set both (PEM files) or neither');
  }
  const read = (name: string, file: string | undefined): string => {
    if (file === undefined) return '';
    try {
      return fs.readFileSync(path.resolve(file), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      problems.push(`${name} ${file} cannot be read (${code})`);
      return '';
    }
  };
  const tls =
    cert !== undefined && key !== undefined
      ? { cert: read('HL7_TLS_CERT', cert), key: read('HL7_TLS_KEY', key) }
      : undefined;
  return { port, allowedSenders: senders ?? [], tls };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Builds the typed Config from environment variables (empty values count as unset).
 * Without SESSION_SECRET, a secret is generated once into `DATA_DIR/secret` (mode 0600).
 * Throws ConfigError listing every problem.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  const problems = (parsed.error?.issues ?? []).map(
    (issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`,
  );
  if (present.NODE_ENV === 'production' && !present.SESSION_SECRET) {
    problems.push('SESSION_SECRET is required when NODE_ENV=production (a long random string)');
  } else if (present.DATABASE_URL && !present.SESSION_SECRET) {
    problems.push(
      'SESSION_SECRET is required with DATABASE_URL: every instance sharing the database must sign ' +
        'tokens and reset codes with the same secret (a long random string)',
    );
  }
  const censusFeed = parsed.success ? censusFeedConfig(parsed.data, problems) : undefined;
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  // DATA_DIR holds the SQLite file, the generated secret and the dev mail outbox.
  if (!values.DATABASE_URL || !values.SESSION_SECRET || !values.SMTP_URL) {
    assertWritableDir(dataDir);
  }
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'carevoice.sqlite'),
    demoData: values.DEMO_DATA ?? values.NODE_ENV !== 'production',
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    idleLockMinutes: values.IDLE_LOCK_MINUTES,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).origin,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    mfaRequiredForAdministration:
      values.MFA_REQUIRED_FOR_ADMINISTRATION ?? values.NODE_ENV === 'production',
    metricsToken: values.METRICS_TOKEN,
    webDist: DEFAULT_WEB_DIST,
    censusFeed,
    surveyLinkDays: values.SURVEY_LINK_DAYS,
  };
}

/** Whether the public address is https (Secure cookies, HSTS). */
export function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/**
 * Creates DATA_DIR if needed and checks that the server may write there; otherwise one readable
 * problem (finding 10 of issue 31), not a stack trace from the first file written.
 */
function assertWritableDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new ConfigError([
      `DATA_DIR ${dataDir} is not a folder CareVoice can write to (${code}): it holds the SQLite ` +
        'database, the generated secret and the mail outbox; give the server write access or ' +
        'set DATA_DIR to another folder',
    ]);
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < SECRET_MIN_LENGTH) {
    throw new ConfigError([`${file} must hold at least ${SECRET_MIN_LENGTH} characters`]);
  }
  return secret;
}

/** The create-user command's password when not given as a flag. */
export function cliPasswordFromEnv(
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  return env.CAREVOICE_PASSWORD || undefined;
}

/** PostgreSQL URL for the server test suite's second pass; unset → that pass is skipped. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * The chain-scale EXPLAIN guard's database (`npm run bench -- --chain --explain` sets both): a
 * PostgreSQL URL whose search path is the generated schema, and the date its data is anchored at.
 * Unset → the guard (query-plans.test.ts, "at chain scale") is skipped.
 */
export function chainPlansDatabase(): { url: string; today: string | undefined } | undefined {
  const url = process.env.CHAIN_PLANS_DATABASE_URL;
  return url ? { url, today: process.env.CHAIN_PLANS_TODAY || undefined } : undefined;
}
