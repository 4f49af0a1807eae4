import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ACCOUNT_MESSAGES, MESSAGES, RESET_CODE_TTL_MINUTES } from '@carevoice/shared';
import { SMTPServer } from 'smtp-server';
import type { KyselyPlugin, OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEVICE_COOKIE,
  LOGIN_THROTTLE,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_THROTTLE,
} from '../../constants.js';
import { outboxDir } from '../../lib/mailer.js';
import { buildTestApp, describeEachDialect, useTestApp, type TestApp } from '../../test/harness.js';

const API = '/api/v1/users';
const STAFF = 'staff@carevoice.test';
const NEW_PASSWORD = 'a-brand-new-password';

function requestReset(t: TestApp, email: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `${API}/reset-password/request/`,
    payload: { email },
    remoteAddress: ip,
  });
}

function confirmReset(
  t: TestApp,
  body: { otp: string; password: string; user_id: string },
  ip = '127.0.0.1',
) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/reset-password/`,
    payload: body,
    remoteAddress: ip,
  });
}

async function startReset(t: TestApp, email: string) {
  const response = await requestReset(t, email);
  expect(response.statusCode).toBe(200);
  const userId = response.json<{ user_id: string }>().user_id;
  return { userId, code: await t.mail.lastCode(email) };
}

/** The tables a statement names (its kind and tables stand for "the same work"). */
function tablesOf(node: OperationNode): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.kind === 'TableNode') {
      const table = record.table as { identifier?: { name?: string } } | undefined;
      if (table?.identifier?.name) found.add(table.identifier.name);
    }
    Object.values(record).forEach(visit);
  };
  visit(node);
  return [...found].sort();
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describeEachDialect('password reset', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('answers a known and an unknown address with the same shape, mailing only the known', async () => {
    const known = await requestReset(t, 'Staff@CareVoice.test');
    const unknown = await requestReset(t, 'nobody@carevoice.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const knownId = known.json().user_id;
    const unknownId = unknown.json().user_id;
    expect(Object.keys(known.json())).toEqual(['user_id']);
    expect(Object.keys(unknown.json())).toEqual(['user_id']);
    expect(knownId).toMatch(/^[0-9a-f-]{36}$/);
    expect(unknownId).toMatch(/^[0-9a-f-]{36}$/);
    await t.mail.settle();
    expect(t.mail.sent.map((mail) => mail.to)).toContain(STAFF);
    expect(t.mail.sent.map((mail) => mail.to)).not.toContain('nobody@carevoice.test');

    const mail = t.mail.sent.at(-1);
    expect(mail?.subject).toContain('password reset code');
    expect(mail?.text).toContain(`valid for ${RESET_CODE_TTL_MINUTES} minutes`);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });

  it('runs the same statements for a known and an unknown address; the mail is looked up after the answer', async () => {
    const statements: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(args.node.kind + ':' + JSON.stringify(tablesOf(args.node)));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const sent = t.mail.sent.length;
    const originalDb = t.ctx.db;
    t.ctx.db = originalDb.withPlugin(recorder);
    try {
      const runs: string[][] = [];
      for (const email of ['manager@carevoice.test', 'no-such-person@carevoice.test']) {
        statements.length = 0;
        const response = await requestReset(t, email);
        expect(response.statusCode).toBe(200);
        await t.app.afterResponsesSettled();
        runs.push([...statements]);
      }
      // The request itself: the same statements. After the answer, for the known address only,
      // the account is read for the mail, which goes into the outbox.
      expect(runs[0]).toEqual([
        ...(runs[1] ?? []),
        'SelectQueryNode:["users"]',
        'InsertQueryNode:["mail_outbox"]',
      ]);
      await t.mail.settle();
      expect(t.mail.sent.slice(sent).map((mail) => mail.to)).toEqual(['manager@carevoice.test']);
    } finally {
      t.ctx.db = originalDb;
    }
  });

  it('stores only an HMAC of the code, expiring after 10 minutes', async () => {
    const { userId, code } = await startReset(t, STAFF);
    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(
      RESET_CODE_TTL_MINUTES * 60_000,
    );
  });

  it('sets the new password with the code, ends every session and is audited', async () => {
    const first = await t.login('preview@carevoice.test');
    const second = await t.login('preview@carevoice.test');
    const { userId, code } = await startReset(t, 'preview@carevoice.test');

    const response = await confirmReset(t, { otp: code, password: NEW_PASSWORD, user_id: userId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: MESSAGES.passwordUpdated });

    for (const session of [first, second]) {
      const me = await t.app.inject({ method: 'GET', url: `${API}/me/`, headers: session.headers });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ detail: MESSAGES.sessionExpired });
    }
    const old = await t.app.inject({
      method: 'POST',
      url: `${API}/sf-login/`,
      payload: { username: 'preview@carevoice.test', password: 'carevoice-demo' },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.login('preview@carevoice.test', NEW_PASSWORD);
    expect(fresh.body.email).toBe('preview@carevoice.test');

    const hash = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', first.body.sf_user_id)
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);

    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', first.body.sf_user_id)
      .where('action', 'in', ['auth.reset_requested', 'auth.password_reset'])
      .orderBy('occurred_at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['auth.reset_requested', 'auth.password_reset']);
    expect(JSON.stringify(audit)).not.toContain(code);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a code used once already', async () => {
    const { userId, code } = await startReset(t, 'manager@carevoice.test');
    const body = { otp: code, password: NEW_PASSWORD, user_id: userId };
    expect((await confirmReset(t, body)).statusCode).toBe(200);
    const again = await confirmReset(t, { ...body, password: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ msg: MESSAGES.invalidResetCode });
    expect((await t.login('manager@carevoice.test', NEW_PASSWORD)).body.name).toBe(
      'Morgan Manager',
    );
  });

  it(`ends a code after ${RESET_CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    const { userId, code } = await startReset(t, 'admin@carevoice.test');
    for (let n = 0; n < RESET_CODE_MAX_ATTEMPTS; n += 1) {
      const wrong = await confirmReset(
        t,
        { otp: wrongCode(code), password: NEW_PASSWORD, user_id: userId },
        `198.51.100.${n + 1}`,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ msg: MESSAGES.invalidResetCode });
    }
    const right = await confirmReset(
      t,
      { otp: code, password: NEW_PASSWORD, user_id: userId },
      '198.51.100.99',
    );
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ msg: MESSAGES.invalidResetCode });
    expect((await t.login('admin@carevoice.test')).body.all_facility_access).toBe(true);
  });

  it('refuses an unknown reset id like a wrong code', async () => {
    const response = await confirmReset(t, {
      otp: '123456',
      password: NEW_PASSWORD,
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: MESSAGES.invalidResetCode });
  });

  it('answers bad bodies with {msg} and writes nothing', async () => {
    const before = await t.counts();
    const short = await confirmReset(t, { otp: '123456', password: 'short', user_id: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ msg: MESSAGES.passwordTooShort });

    const letters = await confirmReset(t, { otp: '12ab56', password: NEW_PASSWORD, user_id: 'a' });
    expect(letters.json()).toEqual({ msg: MESSAGES.otpNumeric });

    const missing = await t.app.inject({
      method: 'POST',
      url: `${API}/reset-password/`,
      payload: { otp: '123456' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['msg']);

    const noEmail = await requestReset(t, '');
    expect(noEmail.json()).toEqual({ msg: MESSAGES.enterEmail });

    const malformed = await t.app.inject({
      method: 'POST',
      url: `${API}/reset-password/request/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ msg: MESSAGES.malformedJson });

    const form = await t.app.inject({
      method: 'POST',
      url: `${API}/reset-password/request/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=staff%40carevoice.test',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ msg: MESSAGES.unsupportedMediaType });
    expect(await t.counts()).toEqual(before);
  });
});

describeEachDialect('password reset expiry and throttling', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it(`refuses a code older than ${RESET_CODE_TTL_MINUTES} minutes`, async () => {
    const { userId, code } = await startReset(t, STAFF);
    t.clock.advanceMinutes(RESET_CODE_TTL_MINUTES + 1);
    const response = await confirmReset(t, { otp: code, password: NEW_PASSWORD, user_id: userId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: MESSAGES.invalidResetCode });
  });

  it(`refuses request ${RESET_THROTTLE.accountLimit + 1} for one inbox, from any address, writing nothing`, async () => {
    for (let n = 0; n < RESET_THROTTLE.accountLimit; n += 1) {
      const ip = `203.0.113.${n + 1}`;
      expect((await requestReset(t, 'preview@carevoice.test', ip)).statusCode).toBe(200);
    }
    await t.app.afterResponsesSettled();
    const mailsBefore = t.mail.sent.length;
    const before = await t.counts();
    const refused = await requestReset(t, 'preview@carevoice.test', '203.0.113.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: MESSAGES.tooManyResetAttempts });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.counts()).toEqual(before);
    await t.app.afterResponsesSettled();
    expect(t.mail.sent.length).toBe(mailsBefore);
  });

  it(`paces reset requests from an address above ${RESET_THROTTLE.addressLimit} for any inboxes`, async () => {
    const ip = '203.0.113.250';
    for (let n = 0; n < RESET_THROTTLE.addressLimit; n += 1) {
      await requestReset(t, `someone-${n}@carevoice.test`, ip);
    }
    const paced = await requestReset(t, 'manager@carevoice.test', ip);
    expect(paced.statusCode).toBe(429);
    const wait = Number(paced.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(RESET_THROTTLE.addressPaceSeconds);
    expect(paced.json()).toEqual({ msg: ACCOUNT_MESSAGES.attemptsDelayed(wait) });
    t.clock.advanceMinutes(wait / 60);
    expect((await requestReset(t, 'manager@carevoice.test', ip)).statusCode).toBe(200);
    t.clock.advanceMinutes(RESET_THROTTLE.windowMinutes + 1);
  });

  it(`paces code checks from an address above ${LOGIN_THROTTLE.addressLimit} wrong codes, writing nothing`, async () => {
    const ip = '203.0.113.251';
    for (let n = 0; n < LOGIN_THROTTLE.addressLimit; n += 1) {
      const wrong = await confirmReset(
        t,
        { otp: '000000', password: NEW_PASSWORD, user_id: `guess-${n}` },
        ip,
      );
      expect(wrong.statusCode).toBe(400);
    }
    const { userId, code } = await startReset(t, 'manager@carevoice.test');
    const before = await t.counts();
    const body = { otp: code, password: NEW_PASSWORD, user_id: userId };
    const paced = await confirmReset(t, body, ip);
    expect(paced.statusCode).toBe(429);
    const wait = Number(paced.headers['retry-after']);
    expect(paced.json()).toEqual({ msg: ACCOUNT_MESSAGES.attemptsDelayed(wait) });
    expect(await t.counts()).toEqual(before);
    t.clock.advanceMinutes(wait / 60);
    expect((await confirmReset(t, body, ip)).statusCode).toBe(200);
    t.clock.advanceMinutes(RESET_THROTTLE.windowMinutes + 1);
  });

  it(`a stranger's ${RESET_THROTTLE.accountLimit} reset requests for an inbox do not stop a known tablet's`, async () => {
    const tablets = '192.0.2.90';
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `${API}/sf-login/`,
      payload: { username: 'admin@carevoice.test', password: DEMO_PASSWORD },
      remoteAddress: tablets,
    });
    const device = signedIn.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;
    expect(device).toBeDefined();
    for (let n = 0; n < RESET_THROTTLE.accountLimit; n += 1) {
      expect((await requestReset(t, STAFF, tablets)).statusCode).toBe(200);
    }
    expect((await requestReset(t, STAFF, tablets)).statusCode).toBe(429);

    await t.app.afterResponsesSettled();
    const mailsBefore = t.mail.sent.length;
    const fromTablet = await t.app.inject({
      method: 'POST',
      url: `${API}/reset-password/request/`,
      payload: { email: STAFF },
      remoteAddress: tablets,
      headers: { cookie: `${DEVICE_COOKIE}=${device ?? ''}` },
    });
    expect(fromTablet.statusCode).toBe(200);
    await t.app.afterResponsesSettled();
    expect(t.mail.sent.length).toBe(mailsBefore + 1);
    const confirmed = await confirmReset(
      t,
      {
        otp: await t.mail.lastCode(STAFF),
        password: NEW_PASSWORD,
        user_id: fromTablet.json<{ user_id: string }>().user_id,
      },
      tablets,
    );
    expect(confirmed.statusCode).toBe(200);
    t.clock.advanceMinutes(RESET_THROTTLE.windowMinutes + 1);
  });
});

describe('reset mail delivery', () => {
  describe('without SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('sqlite', { seed: true, mailer: 'real' });
    });
    afterAll(() => t.close());

    it('writes the mail as an .eml file to DATA_DIR/outbox', async () => {
      const response = await requestReset(t, STAFF);
      expect(response.statusCode).toBe(200);
      await t.mail.settle();
      const dir = outboxDir(t.config.dataDir);
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/staff@carevoice\.test.*\.eml$/);
      const file = path.join(dir, files[0] ?? '');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const eml = fs.readFileSync(file, 'utf8');
      expect(eml).toContain('To: staff@carevoice.test');
      expect(eml).toContain('From: CareVoice <no-reply@carevoice.local>');
      expect(eml).toMatch(/reset code is: \d{6}/);
    });
  });

  describe('with SMTP_URL', () => {
    let t: TestApp;
    let smtp: SMTPServer;
    const received: { to: string[]; data: string }[] = [];
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              data: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const { port } = smtp.server.address() as AddressInfo;
      t = await buildTestApp('sqlite', {
        seed: true,
        mailer: 'real',
        config: { smtpUrl: `smtp://127.0.0.1:${port}` },
      });
    });
    afterAll(async () => {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    it('delivers the code over SMTP and writes no outbox file', async () => {
      const response = await requestReset(t, 'manager@carevoice.test');
      expect(response.statusCode).toBe(200);
      await t.mail.settle();
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['manager@carevoice.test']);
      const code = received[0]?.data.match(/reset code is: (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(fs.existsSync(outboxDir(t.config.dataDir))).toBe(false);

      const confirmed = await confirmReset(t, {
        otp: code ?? '',
        password: NEW_PASSWORD,
        user_id: response.json().user_id,
      });
      expect(confirmed.statusCode).toBe(200);
    });
  });
});
