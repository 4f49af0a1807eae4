/**
 * Guessing a second factor or a tablet's PIN from many addresses (issue 31, finding 1; ADR 042):
 * the limits count per account whatever the address, which is taken from the connection, and a
 * step-two token works once. Each case would pass on the pre-issue-31 server only if the guesses
 * came from one address.
 */
import {
  ACCOUNT_MESSAGES,
  LoginMfaChallengeSchema,
  MESSAGES,
  SECURITY_MAIL_TEXT,
} from '@carevoice/shared';
import { expect, it } from 'vitest';
import { LOGIN_THROTTLE, MFA_CHALLENGE_MAX_FAILURES } from '../../constants.js';
import {
  describeEachDialect,
  responseCookies,
  totpCode,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';

const API = '/api/v1';
const PASSWORD = 'carevoice-demo';
/** Address number n of the attack: 127.0.3.1, 127.0.3.2 … (loopback, as the attack used). */
const attacker = (n: number) => `127.0.${3 + Math.floor(n / 250)}.${(n % 250) + 1}`;

function signIn(t: TestApp, username: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/users/sf-login/`,
    payload: { username, password: PASSWORD },
    remoteAddress: ip,
  });
}

function secondStep(t: TestApp, mfaToken: string, code: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/users/sf-login/mfa/`,
    payload: { mfa_token: mfaToken, code },
    remoteAddress: ip,
  });
}

async function mfaToken(t: TestApp, email: string, ip: string): Promise<string> {
  const first = await signIn(t, email, ip);
  expect(first.statusCode, first.body).toBe(200);
  return LoginMfaChallengeSchema.parse(first.json()).mfa_token;
}

async function enableSecondFactor(t: TestApp, who: SignedIn): Promise<void> {
  const setup = await call(t, who, 'accountMfaSetup', { body: { password: PASSWORD } });
  expect(setup.statusCode, setup.body).toBe(200);
  const enabled = await call(t, who, 'accountMfaEnable', {
    body: { code: totpCode(t.clock.now()), password: PASSWORD },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  // The next sign-in's code must be of a later time step than the one that turned it on.
  t.clock.advanceMinutes(0.5);
}

/** The outbox's mails to `email` with the given subject. */
async function outboxMails(t: TestApp, email: string, subject: string) {
  return t.db
    .selectFrom('mail_outbox')
    .select(['event', 'text'])
    .where('recipient', '=', email)
    .where('subject', '=', subject)
    .execute();
}

describeEachDialect('guessing the second factor from many addresses', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const { accountLimit, windowMinutes } = LOGIN_THROTTLE;

  it(`${MFA_CHALLENGE_MAX_FAILURES} wrong codes end a step-two token, ${accountLimit} pause code entry for the account from every address, and the owner is mailed`, async () => {
    const email = 'manager@carevoice.test';
    await enableSecondFactor(t, await t.login(email));
    // A code no authenticator shows now (ten minutes ahead).
    const wrong = () => totpCode(t.clock.now(), 600);

    let guess = 0;
    const tokens: string[] = [];
    for (let failures = 0; failures < accountLimit; failures += 1) {
      if (failures % MFA_CHALLENGE_MAX_FAILURES === 0) {
        tokens.push(await mfaToken(t, email, attacker(guess)));
      }
      const response = await secondStep(t, tokens.at(-1) ?? '', wrong(), attacker(guess));
      guess += 1;
      expect(response.statusCode, `guess ${guess}`).toBe(401);
      expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaCodeWrong });
    }

    // The first token had its five wrong codes: dead, even with the right code, anywhere.
    const dead = await secondStep(t, tokens[0] ?? '', totpCode(t.clock.now()), attacker(guess));
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaLoginExpired });

    // The account has had ten wrong codes from ten addresses: a fresh token from a fresh
    // address, with the right code, is refused and nothing is written.
    guess += 1;
    const fresh = await mfaToken(t, email, attacker(guess));
    const before = await t.counts();
    const paused = await secondStep(t, fresh, totpCode(t.clock.now()), attacker(guess));
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ detail: MESSAGES.tooManyLoginAttempts });
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect(paused.cookies).toEqual([]);
    expect(await t.counts()).toEqual(before);

    // The owner is mailed once, through the durable outbox, without any code in it.
    const mails = await outboxMails(t, email, SECURITY_MAIL_TEXT.codesSuspended.subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toMatch(/\d{6}|127\.0\./);

    // The window passing lifts the pause.
    t.clock.advanceMinutes(windowMinutes + 1);
    const later = await secondStep(
      t,
      await mfaToken(t, email, '192.0.2.1'),
      totpCode(t.clock.now()),
      '192.0.2.1',
    );
    expect(later.statusCode, later.body).toBe(200);
  });

  it('a step-two token opens one session: used again with the next code it is refused', async () => {
    const email = 'preview@carevoice.test';
    await enableSecondFactor(t, await t.login(email));
    const token = await mfaToken(t, email, '192.0.2.20');
    const first = await secondStep(t, token, totpCode(t.clock.now()), '192.0.2.20');
    expect(first.statusCode, first.body).toBe(200);
    expect(responseCookies(first).cv_session).toBeTruthy();

    t.clock.advanceMinutes(0.5);
    const before = await t.counts();
    const again = await secondStep(t, token, totpCode(t.clock.now()), '192.0.2.21');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaLoginExpired });
    expect(responseCookies(again).cv_session ?? '').toBe('');
    expect((await t.counts()).sessions).toBe(before.sessions);
  });
});

describeEachDialect('guessing a tablet’s PIN from many addresses', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const { accountLimit, windowMinutes } = LOGIN_THROTTLE;

  const unlock = (who: SignedIn, secret: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/users/unlock/`,
      payload: { secret },
      headers: who.headers,
      remoteAddress: ip,
    });

  it(`${accountLimit} wrong unlock tries from ${accountLimit} addresses pause unlocking for the user everywhere and mail them; signing in still works`, async () => {
    const email = 'staff@carevoice.test';
    const staff = await t.login(email);
    const pin = await call(t, staff, 'accountPin', { body: { password: PASSWORD, pin: '2468' } });
    expect(pin.statusCode, pin.body).toBe(200);

    for (let n = 0; n < accountLimit; n += 1) {
      const wrong = await unlock(staff, `10${String(n).padStart(2, '0')}`, attacker(n));
      expect(wrong.statusCode, `try ${n + 1}`).toBe(400);
      expect(wrong.json()).toEqual({ detail: MESSAGES.unlockWrong });
    }
    // The right PIN, and the right password, from yet another address: paused.
    for (const secret of ['2468', PASSWORD]) {
      const paused = await unlock(staff, secret, attacker(accountLimit));
      expect(paused.statusCode, secret).toBe(429);
      expect(paused.json()).toEqual({ detail: ACCOUNT_MESSAGES.unlockSuspended });
    }
    const mails = await outboxMails(t, email, SECURITY_MAIL_TEXT.unlockSuspended.subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toContain('2468');

    // The wrong PINs are not failed sign-ins: the user signs in again at once, from the
    // address that made most of them as from any other.
    for (const ip of [attacker(0), '192.0.2.30']) {
      expect((await signIn(t, email, ip)).statusCode, ip).toBe(200);
    }
    t.clock.advanceMinutes(windowMinutes + 1);
    expect((await unlock(staff, '2468', attacker(0))).statusCode).toBe(200);
  });
});
