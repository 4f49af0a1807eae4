/**
 * Start-up in production (issue 31 findings 2a and 10, issue 33; ADR 044): no demo accounts
 * unless asked for, warnings for a configuration that should not go live as it is, and a
 * read-only DATA_DIR named in one line instead of a stack trace.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig, testDatabaseUrl } from './env.js';
import { countUsers } from './modules/users/users.repository.js';
import { seedDemoDataIfAsked, startupWarnings } from './startup.js';
import { describeEachDialect, TEST_TODAY, useTestApp } from './test/harness.js';

const MAIN = path.resolve(import.meta.dirname, '../dist/main.js');
const SECRET = 's'.repeat(40);
/** The unprivileged user a root test run starts the server as (root may write anywhere). */
const NOBODY = 65534;

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-startup-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_DIR: tempDir(), ...env });

/** Runs the built server until it exits; its exit code and standard error. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const asRoot = process.getuid?.() === 0;
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describeEachDialect('start-up in production', (dialect) => {
  const t = useTestApp(dialect);

  it('seeds no demo accounts into an empty database unless DEMO_DATA=true is set', async () => {
    expect(production().demoData).toBe(false);
    expect(await seedDemoDataIfAsked(t.db, production(), TEST_TODAY)).toBe(false);
    expect(await countUsers(t.db)).toBe(0);
    expect(startupWarnings(production())).not.toContainEqual(expect.stringMatching(/DEMO_DATA/));
  });

  it('seeds them when DEMO_DATA=true is set explicitly, and warns', async () => {
    const config = production({ DEMO_DATA: 'true' });
    expect(startupWarnings(config)).toContainEqual(
      expect.stringMatching(/^DEMO_DATA=true with NODE_ENV=production/),
    );
    expect(await seedDemoDataIfAsked(t.db, config, TEST_TODAY)).toBe(true);
    expect(await countUsers(t.db)).toBeGreaterThan(0);
  });

  it('warns about an http:// PUBLIC_URL and a missing SMTP_URL, naming every kind of mail', () => {
    const warnings = startupWarnings(production({ PUBLIC_URL: 'http://carevoice.example.org' }));
    expect(warnings).toContainEqual(
      expect.stringMatching(/^PUBLIC_URL http:\/\/carevoice\.example\.org is not https:\/\//),
    );
    const smtp = warnings.find((warning) => warning.startsWith('SMTP_URL is not set'));
    for (const kind of ['invitations', 'password-reset', 'alerts', 'recognition']) {
      expect(smtp).toContain(kind);
    }
    const ready = production({
      PUBLIC_URL: 'https://carevoice.example.org',
      SMTP_URL: 'smtp://mail.example.org',
    });
    expect(startupWarnings(ready)).toEqual([]);
    expect(startupWarnings({ ...ready, nodeEnv: 'development', smtpUrl: undefined })).toEqual([]);
  });

  it('a read-only DATA_DIR stops start-up with one line that names it, no stack trace', async () => {
    expect(fs.existsSync(MAIN), `${MAIN} is missing: build the server first`).toBe(true);
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o555);
    const database: Record<string, string> =
      dialect === 'postgres'
        ? { DATABASE_URL: testDatabaseUrl() ?? '', SESSION_SECRET: SECRET }
        : {};
    const { code, stderr } = await runServer({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATA_DIR: dataDir,
      ...database,
    });
    expect(code).toBe(1);
    const problems = stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems).toEqual([expect.stringContaining(`DATA_DIR ${dataDir} is not a folder`)]);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
