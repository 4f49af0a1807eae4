import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@carevoice/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, useTestApp } from '../test/harness.js';
import { logDestination } from './logger.js';

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
    },
  });

  it('writes one line per request with its id, method, URL, status and time', async () => {
    logs.raw.length = 0;
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/me/` });
    expect(response.statusCode).toBe(401);
    const lines = logs.parsed;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: `${API_BASE}/me/` },
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
    await t.app.inject({ method: 'GET', url: `${API_BASE}/me/`, headers });
    await t.app.inject({ method: 'GET', url: `${API_BASE}/no-such-call/`, headers });
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/token/refresh/`,
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
      (destination as unknown as { flushSync(): void }).flushSync();
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
