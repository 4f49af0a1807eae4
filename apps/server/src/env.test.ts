import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_WEB_DIST, isHttps, loadConfig } from './env.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-env-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      sqliteFile: path.join(dataDir, 'carevoice.sqlite'),
      demoData: true,
      sessionIdleMinutes: 30,
      smtpUrl: undefined,
      mailFrom: 'CareVoice <no-reply@carevoice.local>',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      webDist: DEFAULT_WEB_DIST,
    });
    expect(DEFAULT_WEB_DIST.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(isHttps(config)).toBe(false);
  });

  it('reads every variable, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://user:pw@db:5432/carevoice',
      DEMO_DATA: 'false',
      SESSION_SECRET: 's'.repeat(40),
      SESSION_IDLE_MINUTES: '10',
      SMTP_URL: '',
      MAIL_FROM: 'Care <care@example.org>',
      PUBLIC_URL: 'https://care.example.org/',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://user:pw@db:5432/carevoice',
      demoData: false,
      sessionSecret: 's'.repeat(40),
      sessionIdleMinutes: 10,
      smtpUrl: undefined,
      mailFrom: 'Care <care@example.org>',
      publicUrl: 'https://care.example.org',
      logLevel: 'warn',
    });
    expect(isHttps(config)).toBe(true);
  });

  it('follows PORT in the default PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '3999' }).publicUrl).toBe(
      'http://localhost:3999',
    );
  });

  it('generates the session secret once into DATA_DIR/secret with mode 0600', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(fs.statSync(path.join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'mysql://db',
      DEMO_DATA: 'maybe',
      SESSION_IDLE_MINUTES: '0',
      PUBLIC_URL: 'ftp://example.org',
      LOG_LEVEL: 'loud',
      SESSION_SECRET: 'short',
    });
    const variables = problems.map((problem) => problem.split(' ')[0]);
    expect(variables.sort()).toEqual(
      [
        'DATABASE_URL',
        'DEMO_DATA',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_URL',
        'SESSION_IDLE_MINUTES',
        'SESSION_SECRET',
      ].sort(),
    );
    expect(problems).toContain('PORT must be a number');
  });

  it('requires SESSION_SECRET when NODE_ENV=production', () => {
    const dataDir = tempDir();
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir })).toEqual([
      'SESSION_SECRET is required when NODE_ENV=production (a long random string)',
    ]);
    expect(fs.existsSync(path.join(dataDir, 'secret'))).toBe(false);
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' })).toEqual([
      'PORT must be between 1 and 65535',
      'SESSION_SECRET is required when NODE_ENV=production (a long random string)',
    ]);
  });

  it('requires SESSION_SECRET with DATABASE_URL, so every instance signs with the same secret', () => {
    const dataDir = tempDir();
    const problems = problemsOf({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/carevoice' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SESSION_SECRET is required with DATABASE_URL/);
    expect(fs.existsSync(path.join(dataDir, 'secret'))).toBe(false);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
  ])('TRUST_PROXY=%s is %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,'])(
    'refuses TRUST_PROXY=%s (never trust the client-written leftmost X-Forwarded-For)',
    (value) => {
      const problems = problemsOf({ DATA_DIR: tempDir(), TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY must be false, a hop count/);
    },
  );

  it('requires a second factor for Administration by default in production only', () => {
    const secret = { SESSION_SECRET: 's'.repeat(40) };
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).mfaRequiredForAdministration).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', ...secret })
        .mfaRequiredForAdministration,
    ).toBe(true);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        MFA_REQUIRED_FOR_ADMINISTRATION: 'false',
        ...secret,
      }).mfaRequiredForAdministration,
    ).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir, MFA_REQUIRED_FOR_ADMINISTRATION: 'true' })
        .mfaRequiredForAdministration,
    ).toBe(true);
  });

  it('opens /metrics only with a METRICS_TOKEN of at least 32 characters', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe(
      'm'.repeat(32),
    );
    expect(problemsOf({ DATA_DIR: dataDir, METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN must be at least 32 characters',
    ]);
  });

  it('starts the census feed listener only with HL7_PORT, and then only for the allowed senders', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).censusFeed).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        HL7_PORT: '2575',
        HL7_ALLOWED_SENDERS: '10.0.4.20, 10.1.0.0/16',
      }).censusFeed,
    ).toEqual({ port: 2575, allowedSenders: ['10.0.4.20', '10.1.0.0/16'], tls: undefined });
    expect(problemsOf({ DATA_DIR: dataDir, HL7_PORT: '2575' })).toEqual([
      expect.stringMatching(/^HL7_ALLOWED_SENDERS is required with HL7_PORT/),
    ]);
    expect(
      problemsOf({ DATA_DIR: dataDir, HL7_PORT: '2575', HL7_ALLOWED_SENDERS: 'engine.local' }),
    ).toEqual([expect.stringMatching(/^HL7_ALLOWED_SENDERS must be a comma-separated list/)]);
    expect(
      problemsOf({
        DATA_DIR: dataDir,
        HL7_PORT: '2575',
        HL7_ALLOWED_SENDERS: '10.0.4.20',
        HL7_TLS_CERT: path.join(dataDir, 'missing.pem'),
      }),
    ).toEqual(['HL7_TLS_CERT and HL7_TLS_KEY go together: set both (PEM files) or neither']);
  });

  it('reads the census feed TLS certificate and key at start, and names a file it cannot read', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'cert.pem'), 'CERT');
    const env = {
      DATA_DIR: dataDir,
      HL7_PORT: '2575',
      HL7_ALLOWED_SENDERS: '10.0.4.20',
      HL7_TLS_CERT: path.join(dataDir, 'cert.pem'),
      HL7_TLS_KEY: path.join(dataDir, 'key.pem'),
    };
    expect(problemsOf(env)).toEqual([
      `HL7_TLS_KEY ${path.join(dataDir, 'key.pem')} cannot be read (ENOENT)`,
    ]);
    fs.writeFileSync(path.join(dataDir, 'key.pem'), 'KEY');
    expect(loadConfig(env).censusFeed?.tls).toEqual({ cert: 'CERT', key: 'KEY' });
  });
});
