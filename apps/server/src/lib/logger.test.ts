import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@carevoice/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, useTestApp } from '../test/harness.js';
import { logDestination, TurnDestination } from './logger.js';

/** Log lines as written, parsed. */
class LogLines {
  readonly raw: string[] = [];

  write(line: string): void {
    this.raw.push(line);
  }

  get parsed(): Record<string, unknown>[] {
    return this.raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

describeEachDialect('logging', (dialect) => {
  const logs = new LogLines();
  const t = useTestApp(dialect, {
    seed: true,
    logs,
    config: { logLevel: 'info' },
    extend: (app) => {
      app.get('/log-test', async (request) => {
        request.log.info({ step: 'inside' }, 'handler says hello');
        return { ok: true };
      });
      app.get('/log-fault', async () => {
        throw new Error('an unexpected fault');
      });
    },
  });

  it('writes one line per request with its id, method, URL, status and time', async () => {
    logs.raw.length = 0;
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/users/me/` });
    expect(response.statusCode).toBe(401);
    const lines = logs.parsed;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: `${API_BASE}/users/me/` },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
  });

  it('never writes a password, session cookie, token or the profile cookie', async () => {
    const staff = await t.login('staff@carevoice.test');
    const secrets = [
      'carevoice-demo',
      staff.cookies.cv_session ?? 'missing',
      staff.body.jwt_access,
      staff.body.jwt_refresh,
    ];
    logs.raw.length = 0;
    await t.login('staff@carevoice.test');
    const headers = {
      cookie: `${staff.headers.cookie}; token=${staff.cookies.token}`,
      authorization: `Bearer ${staff.body.jwt_access}`,
    };
    await t.app.inject({ method: 'GET', url: `${API_BASE}/users/me/`, headers });
    await t.app.inject({ method: 'GET', url: `${API_BASE}/users/no-such-call/`, headers });
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/token/refresh/`,
      payload: { refresh: staff.body.jwt_refresh },
    });
    expect(logs.raw).toHaveLength(4);
    for (const secret of secrets) expect(logs.raw.join('')).not.toContain(secret);
  });

  it('gives what a handler logs the request’s id', async () => {
    logs.raw.length = 0;
    await t.app.inject({ method: 'GET', url: '/log-test' });
    const [said, completed] = logs.parsed;
    expect(said).toMatchObject({ msg: 'handler says hello', step: 'inside' });
    expect(completed).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    expect(said?.reqId).toBe(completed?.reqId);
  });

  it('keeps one request id from the error to the access line', async () => {
    logs.raw.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/log-fault' });
    expect(response.statusCode).toBe(500);
    const [failed, completed] = logs.parsed;
    expect(failed).toMatchObject({ msg: 'request failed', level: 50 });
    expect(completed).toMatchObject({ res: { statusCode: 500 } });
    expect(failed?.reqId).toEqual(expect.any(String));
    expect(failed?.reqId).toBe(completed?.reqId);
  });

  it('writes no resident name typed into a search: the search text is redacted', async () => {
    const manager = await t.login('manager@carevoice.test');
    const facility = (
      await t.db.selectFrom('facilities').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    logs.raw.length = 0;
    const search = 'Abbottsworth';
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/users/get-unlisted-patients/${facility}/${search}/`,
      headers: manager.headers,
    });
    expect(response.statusCode).toBe(200);
    const admin = await t.login('admin@carevoice.test');
    await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/admin/facilities/${facility}/residents/?q=${search}&status=active`,
      headers: admin.headers,
    });
    expect(logs.raw.join('')).not.toContain(search);
    const urls = logs.parsed.map((line) => (line.req as { url?: string } | undefined)?.url);
    expect(urls).toContain(`${API_BASE}/users/get-unlisted-patients/${facility}/[redacted]/`);
    expect(urls).toContain(
      `${API_BASE}/admin/facilities/${facility}/residents/?q=[redacted]&status=active`,
    );
  });

  it("writes no survey link's token: the survey page's path is redacted (ADR 063)", async () => {
    logs.raw.length = 0;
    const token = 'q7Zr4M0kT2xWb9YcVn5L8sHd3Jf6Ga1P';
    await t.app.inject({ method: 'GET', url: `/s/${token}` });
    await t.app.inject({ method: 'GET', url: `/s/${token}/?utm=1` });
    expect(logs.raw.join('')).not.toContain(token);
    const urls = logs.parsed.map((line) => (line.req as { url?: string } | undefined)?.url);
    expect(urls).toEqual(['/s/[redacted]', '/s/[redacted]/?utm=1']);
  });
});

describe('a mail that fails after the answer', () => {
  const logs = new LogLines();
  const t = useTestApp('sqlite', {
    seed: true,
    logs,
    mailer: 'real',
    config: { logLevel: 'info', smtpUrl: 'smtp://127.0.0.1:9' },
  });

  it('is logged with the request id of the request that queued it', async () => {
    logs.raw.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/reset-password/request/`,
      payload: { email: 'staff@carevoice.test' },
    });
    expect(response.statusCode).toBe(200);
    await t.mail.settle();
    const completed = logs.parsed.find((line) => line.msg === 'request completed');
    const failed = logs.parsed.find((line) => line.msg === 'mail not sent');
    expect(failed?.reqId).toEqual(expect.any(String));
    expect(failed?.reqId).toBe(completed?.reqId);
  });
});

describe('the production log destination', () => {
  it('writes a lone line at once, without waiting for more lines or for the exit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-log-'));
    const file = path.join(dir, 'out.log');
    const fd = fs.openSync(file, 'w');
    const destination = logDestination(fd);
    try {
      pino({ level: 'info' }, destination).info('a quiet server says one thing');
      await expect
        .poll(() => fs.readFileSync(file, 'utf8'), { timeout: 2_000 })
        .toContain('a quiet server says one thing');
    } finally {
      destination.flushSync();
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the lines of one event-loop turn in one call, after the turn', async () => {
    const writes: string[] = [];
    const destination = new TurnDestination({ write: (text: string) => void writes.push(text) });
    const logger = pino({ level: 'info' }, destination);
    logger.info('first');
    logger.info('second');
    logger.info('third');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(
      writes[0]
        ?.split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['first', 'second', 'third']);
    logger.info('next turn');
    destination.flushSync();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('next turn');
  });

  it('writes what is pending when the process exits', () => {
    const script = `
      import { logDestination } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).href)};
      import pino from 'pino';
      pino({ level: 'info' }, logDestination(1)).info('said just before the end');
      process.exit(3);
    `;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        cwd: path.dirname(fileURLToPath(import.meta.url)),
      },
    );
    expect(result.status).toBe(3);
    expect(result.stdout).toContain('said just before the end');
  });
});
