import {
  ACCOUNT_MESSAGES,
  AccountResponseSchema,
  LoginMfaChallengeSchema,
  LoginResponseSchema,
  MESSAGES,
  MfaEnableResponseSchema,
  MfaSetupResponseSchema,
  SECURITY_MAIL_TEXT,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../constants.js';
import { demoId } from '../../db/seed/demo.js';
import {
  describeEachDialect,
  responseCookies,
  TEST_MFA_SECRET,
  totpCode,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';

const API = '/api/v1';
const PASSWORD = 'carevoice-demo';

function signIn(t: TestApp, username: string, password = PASSWORD, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `${API}/users/sf-login/`,
    payload: { username, password },
    remoteAddress: ip,
    headers: { 'user-agent': `Tablet ${ip}` },
  });
}

function secondStep(t: TestApp, mfaToken: string, code: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `${API}/users/sf-login/mfa/`,
    payload: { mfa_token: mfaToken, code },
    remoteAddress: ip,
  });
}

/** Turns the second factor on for a signed-in user; the recovery codes. */
async function enableSecondFactor(t: TestApp, who: SignedIn): Promise<string[]> {
  const setup = await call(t, who, 'accountMfaSetup', { body: { password: PASSWORD } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url } = MfaSetupResponseSchema.parse(setup.json());
  expect(secret).toBe(TEST_MFA_SECRET);
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/CareVoice:/);
  expect(otpauth_url).toContain(`secret=${secret}`);
  const enabled = await call(t, who, 'accountMfaEnable', {
    body: { code: totpCode(t.clock.now()), password: PASSWORD },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return MfaEnableResponseSchema.parse(enabled.json()).recovery_codes;
}

/** Signs in with the password and then `code`; the signed-in answer. */
async function signInWithCode(t: TestApp, email: string, code: string) {
  const first = await signIn(t, email);
  expect(first.statusCode).toBe(200);
  expect(first.cookies).toEqual([]);
  const { mfa_token } = LoginMfaChallengeSchema.parse(first.json());
  return secondStep(t, mfa_token, code);
}

describeEachDialect('My account: sessions and password', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('lists the live sessions, the current one first, and ends one or all the others at once', async () => {
    const tablet = await t.login('preview@carevoice.test');
    const first = LoginResponseSchema.parse(
      (await signIn(t, 'preview@carevoice.test', PASSWORD, '10.1.1.1')).json(),
    );
    expect(first.sf_user_id).toBe(tablet.body.sf_user_id);
    const others = await Promise.all([
      signIn(t, 'preview@carevoice.test', PASSWORD, '10.1.1.2'),
      signIn(t, 'preview@carevoice.test', PASSWORD, '10.1.1.3'),
    ]);
    const otherCookies = others.map((response) => ({
      cookie: `cv_session=${responseCookies(response).cv_session}`,
    }));
    const account = AccountResponseSchema.parse((await call(t, tablet, 'account')).json());
    expect(account).toMatchObject({
      name: 'Pat Preview',
      email: 'preview@carevoice.test',
      mfa_enabled: false,
      mfa_required: false,
    });
    expect(account.sessions.length).toBeGreaterThanOrEqual(4);
    expect(account.sessions[0]?.current).toBe(true);
    expect(account.sessions.filter((session) => session.current)).toHaveLength(1);
    const ofIp = (ip: string) => account.sessions.find((session) => session.ip === ip);
    expect(ofIp('10.1.1.2')).toMatchObject({ user_agent: 'Tablet 10.1.1.2', current: false });

    const ended = await call(t, tablet, 'accountEndSession', {
      params: { sessionId: ofIp('10.1.1.2')?.id ?? '' },
    });
    expect(ended.json()).toEqual({ detail: ACCOUNT_MESSAGES.sessionEnded });
    const me = (headers: { cookie: string }) =>
      t.app.inject({ method: 'GET', url: `${API}/users/me/`, headers });
    expect((await me(otherCookies[0] as { cookie: string })).statusCode).toBe(401);
    expect((await me(otherCookies[1] as { cookie: string })).statusCode).toBe(200);

    // Another user's session id changes nothing.
    const manager = await t.login('manager@carevoice.test');
    const managerSessions = AccountResponseSchema.parse((await call(t, manager, 'account')).json());
    await call(t, tablet, 'accountEndSession', {
      params: { sessionId: managerSessions.sessions[0]?.id ?? '' },
    });
    expect((await call(t, manager, 'me')).statusCode).toBe(200);

    const all = await call(t, tablet, 'accountEndOtherSessions');
    expect(all.json()).toEqual({ detail: ACCOUNT_MESSAGES.otherSessionsEnded });
    expect((await me(otherCookies[1] as { cookie: string })).statusCode).toBe(401);
    expect((await call(t, tablet, 'me')).statusCode).toBe(200);
    const after = AccountResponseSchema.parse((await call(t, tablet, 'account')).json());
    expect(after.sessions.map((session) => session.current)).toEqual([true]);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_user_id', '=', tablet.body.sf_user_id)
      .where('action', 'like', 'account.%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'account.other_sessions_ended',
      'account.session_ended',
    ]);
  });

  it('ending the current session signs out here', async () => {
    const who = await t.login('staff@carevoice.test');
    const account = AccountResponseSchema.parse((await call(t, who, 'account')).json());
    const current = account.sessions.find((session) => session.current);
    const ended = await call(t, who, 'accountEndSession', {
      params: { sessionId: current?.id ?? '' },
    });
    expect(ended.statusCode).toBe(200);
    expect(responseCookies(ended)).toEqual({ cv_session: '', token: '' });
    expect((await call(t, who, 'me')).statusCode).toBe(401);
  });

  it('changes the password with the current one; the other sessions end, this one stays', async () => {
    const email = 'manager@carevoice.test';
    const here = await t.login(email);
    const elsewhere = await t.login(email);
    const before = await t.counts();
    const wrong = await call(t, here, 'accountPassword', {
      body: { current_password: 'not-it-at-all', new_password: 'a-new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: ACCOUNT_MESSAGES.currentPasswordWrong });
    const afterWrong = await t.counts();
    expect(afterWrong).toEqual({ ...before, login_attempts: (before.login_attempts ?? 0) + 1 });

    const short = await call(t, here, 'accountPassword', {
      body: { current_password: PASSWORD, new_password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(await t.counts()).toEqual(afterWrong);

    const changed = await call(t, here, 'accountPassword', {
      body: { current_password: PASSWORD, new_password: 'a-new-password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordChanged });
    expect((await call(t, here, 'me')).statusCode).toBe(200);
    expect((await call(t, elsewhere, 'me')).statusCode).toBe(401);
    expect((await signIn(t, email)).statusCode).toBe(401);
    expect((await signIn(t, email, 'a-new-password-1')).statusCode).toBe(200);
    // Back to the demo password for the other tests.
    await call(t, here, 'accountPassword', {
      body: { current_password: 'a-new-password-1', new_password: PASSWORD },
    });
  });

  it(`counts a wrong current password like a failed sign-in (${LOGIN_THROTTLE.accountLimit} lock the account)`, async () => {
    const who = await t.login('preview@carevoice.test');
    for (let n = 0; n < LOGIN_THROTTLE.delayAfter; n += 1) {
      await call(t, who, 'accountPassword', {
        body: { current_password: `guess-${n}`, new_password: 'whatever-long' },
      });
    }
    const slowed = await call(t, who, 'accountPassword', {
      body: { current_password: PASSWORD, new_password: PASSWORD },
    });
    expect(slowed.statusCode).toBe(429);
    t.clock.advanceMinutes(LOGIN_THROTTLE.windowMinutes + 1);
  });
});

describeEachDialect('two-factor sign-in', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('is set up with a first code, then asked for after the password; a code works once', async () => {
    const email = 'staff@carevoice.test';
    const who = await t.login(email);
    const wrongFirst = await call(t, who, 'accountMfaEnable', {
      body: { code: '000000', password: PASSWORD },
    });
    expect(wrongFirst.statusCode).toBe(409);
    expect(wrongFirst.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaSetupFirst });
    await call(t, who, 'accountMfaSetup', { body: { password: PASSWORD } });
    const wrong = await call(t, who, 'accountMfaEnable', {
      body: { code: totpCode(t.clock.now(), 600), password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaCodeWrong });

    const codes = await enableSecondFactor(t, who);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.db
      .selectFrom('users')
      .select(['mfa_secret', 'mfa_pending_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.mfa_secret).not.toContain(TEST_MFA_SECRET);
    expect(stored.mfa_pending_secret).toBeNull();
    const recovery = await t.db.selectFrom('mfa_recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(recovery)).not.toContain(codes[0]);
    expect(AccountResponseSchema.parse((await call(t, who, 'account')).json()).mfa_enabled).toBe(
      true,
    );

    // The code used to turn it on cannot sign in (same step); the next step's can, once.
    const sameStep = await signInWithCode(t, email, totpCode(t.clock.now()));
    expect(sameStep.statusCode).toBe(401);
    expect(sameStep.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaCodeWrong });
    t.clock.advanceMinutes(0.5);
    const next = totpCode(t.clock.now());
    const signedIn = await signInWithCode(t, email, next);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(LoginResponseSchema.parse(signedIn.json()).email).toBe(email);
    expect(responseCookies(signedIn).cv_session).toBeTruthy();
    const replay = await signInWithCode(t, email, next);
    expect(replay.statusCode).toBe(401);

    // A recovery code (any case, with or without the dash) works once. (Three wrong codes so
    // far: the next try waits a second.)
    t.clock.advanceMinutes(1 / 60);
    const recoveryCode = codes[3] as string;
    const withRecovery = await signInWithCode(
      t,
      email,
      recoveryCode.toUpperCase().replace('-', ''),
    );
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    t.clock.advanceMinutes(2 / 60);
    expect((await signInWithCode(t, email, recoveryCode)).statusCode).toBe(401);

    // A step-one token expires.
    const first = LoginMfaChallengeSchema.parse((await signIn(t, email)).json());
    t.clock.advanceMinutes(6);
    const late = await secondStep(t, first.mfa_token, totpCode(t.clock.now()));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaLoginExpired });

    // Turning it off needs the password and a code.
    t.clock.advanceMinutes(LOGIN_THROTTLE.windowMinutes + 1);
    const session = who;
    const noPassword = await call(t, session, 'accountMfaDisable', {
      body: { password: 'wrong-password', code: codes[5] as string },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ detail: ACCOUNT_MESSAGES.currentPasswordWrong });
    const off = await call(t, session, 'accountMfaDisable', {
      body: { password: PASSWORD, code: codes[5] as string },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(LoginResponseSchema.safeParse((await signIn(t, email)).json()).success).toBe(true);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'in', ['account.mfa_enabled', 'account.mfa_disabled', 'auth.mfa_failed'])
      .execute();
    expect(new Set(audit.map((row) => row.action))).toEqual(
      new Set(['account.mfa_enabled', 'account.mfa_disabled', 'auth.mfa_failed']),
    );
  });

  it('throttles wrong codes like passwords', async () => {
    const email = 'preview@carevoice.test';
    const who = await t.login(email);
    await enableSecondFactor(t, who);
    const first = LoginMfaChallengeSchema.parse((await signIn(t, email)).json());
    for (let n = 0; n < LOGIN_THROTTLE.delayAfter; n += 1) {
      const wrong = await secondStep(t, first.mfa_token, totpCode(t.clock.now(), 900 + n * 30));
      expect(wrong.statusCode).toBe(401);
    }
    const slowed = await secondStep(t, first.mfa_token, totpCode(t.clock.now(), 30));
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ detail: ACCOUNT_MESSAGES.attemptsDelayed(1) });
    // From an address that has not failed, the right code still works.
    const elsewhere = await secondStep(t, first.mfa_token, totpCode(t.clock.now(), 30), '10.9.9.9');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describeEachDialect(
  'changing the second factor needs the password and tells the owner',
  (dialect) => {
    const t = useTestApp(dialect, { seed: true, config: { mfaRequiredForAdministration: false } });

    const mailsTo = (email: string) =>
      t.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text'])
        .where('recipient', '=', email)
        .orderBy('created_at')
        .orderBy('id')
        .execute();

    it('a session alone cannot set up or turn on a second factor: the current password is needed', async () => {
      const email = 'staff@carevoice.test';
      const who = await t.login(email);
      const before = await t.counts();
      const noPassword = await call(t, who, 'accountMfaSetup');
      expect(noPassword.statusCode).toBe(400);
      expect(await t.counts()).toEqual(before);

      const wrong = await call(t, who, 'accountMfaSetup', {
        body: { password: 'not-my-password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ detail: ACCOUNT_MESSAGES.currentPasswordWrong });
      const pending = async () =>
        (
          await t.db
            .selectFrom('users')
            .select('mfa_pending_secret')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).mfa_pending_secret;
      expect(await pending()).toBeNull();

      const setup = await call(t, who, 'accountMfaSetup', { body: { password: PASSWORD } });
      expect(setup.statusCode, setup.body).toBe(200);
      expect(await pending()).not.toBeNull();
      const codeOnly = await call(t, who, 'accountMfaEnable', {
        body: { code: totpCode(t.clock.now()) },
      });
      expect(codeOnly.statusCode).toBe(400);
      const wrongPassword = await call(t, who, 'accountMfaEnable', {
        body: { code: totpCode(t.clock.now()), password: 'not-my-password' },
      });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({ detail: ACCOUNT_MESSAGES.currentPasswordWrong });
      expect(AccountResponseSchema.parse((await call(t, who, 'account')).json()).mfa_enabled).toBe(
        false,
      );
      expect(await mailsTo(email)).toEqual([]);
      t.clock.advanceMinutes(LOGIN_THROTTLE.windowMinutes + 1);
    });

    it('turning it on (a new recovery-code set), off, and an administrator’s reset each mail the owner', async () => {
      const email = 'preview@carevoice.test';
      const who = await t.login(email);
      const codes = await enableSecondFactor(t, who);
      t.clock.advanceMinutes(0.5);
      const off = await call(t, who, 'accountMfaDisable', {
        body: { password: PASSWORD, code: codes[0] as string },
      });
      expect(off.statusCode, off.body).toBe(200);
      t.clock.advanceMinutes(0.5);
      await enableSecondFactor(t, who);
      const admin = await t.login('admin@carevoice.test');
      const reset = await call(t, admin, 'adminResetUserMfa', {
        params: { userId: demoId('user', email) },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      // A reset of a user without a second factor changes nothing and mails nobody.
      await call(t, admin, 'adminResetUserMfa', { params: { userId: demoId('user', email) } });

      const mails = await mailsTo(email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        SECURITY_MAIL_TEXT.mfaEnabled.subject,
        SECURITY_MAIL_TEXT.mfaDisabled.subject,
        SECURITY_MAIL_TEXT.mfaEnabled.subject,
        SECURITY_MAIL_TEXT.mfaReset.subject,
      ]);
      expect(mails[0]?.text).toContain('recovery codes');
      for (const mail of mails) {
        expect(mail.text).toContain('Pat Preview');
        expect(mail.text).not.toContain(codes[1] as string);
        expect(mail.text).not.toContain(PASSWORD);
      }
    });
  },
);

describeEachDialect('two-factor sign-in required for the back office', (dialect) => {
  const t = useTestApp(dialect, { seed: true, config: { mfaRequiredForAdministration: true } });

  it('refuses Administration calls until the user has a second factor; My account stays open', async () => {
    const email = 'office@carevoice.test';
    const office = await t.login(email);
    const account = AccountResponseSchema.parse((await call(t, office, 'account')).json());
    expect(account).toMatchObject({ mfa_enabled: false, mfa_required: true });
    const refused = await call(t, office, 'adminListFacilities');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.mfaRequiredForAdministration });
    const staff = await t.login('staff@carevoice.test');
    expect(AccountResponseSchema.parse((await call(t, staff, 'account')).json()).mfa_required).toBe(
      false,
    );

    await enableSecondFactor(t, office);
    expect((await call(t, office, 'adminListFacilities')).statusCode).toBe(200);
  });

  it('an administrator resets a user’s second factor, audited; the user then signs in with the password', async () => {
    const email = 'preview@carevoice.test';
    const preview = await t.login(email);
    await enableSecondFactor(t, preview);
    expect(LoginMfaChallengeSchema.safeParse((await signIn(t, email)).json()).success).toBe(true);

    // admin@ has no second factor yet: asked to turn it on first.
    const adminSession = await t.login('admin@carevoice.test');
    const refused = await call(t, adminSession, 'adminResetUserMfa', {
      params: { userId: demoId('user', email) },
    });
    expect(refused.statusCode).toBe(403);
    await enableSecondFactor(t, adminSession);
    const reset = await call(t, adminSession, 'adminResetUserMfa', {
      params: { userId: demoId('user', email) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ detail: ACCOUNT_MESSAGES.mfaResetDone });
    expect(LoginResponseSchema.safeParse((await signIn(t, email)).json()).success).toBe(true);
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.mfa_reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.target_id).toBe(demoId('user', email));
    const list = await call(t, adminSession, 'adminUsers', { query: { q: 'preview' } });
    expect(list.json<{ items: { mfa_enabled: boolean }[] }>().items[0]?.mfa_enabled).toBe(false);
  });
});

describe('the second factor’s secret', () => {
  it('is kept encrypted and unreadable under another SESSION_SECRET', async () => {
    const { openSecret, sealSecret } = await import('../../lib/secret-box.js');
    const box = sealSecret('a'.repeat(40), 'mfa-totp', TEST_MFA_SECRET);
    expect(box).not.toContain(TEST_MFA_SECRET);
    expect(openSecret('a'.repeat(40), 'mfa-totp', box)).toBe(TEST_MFA_SECRET);
    expect(openSecret('b'.repeat(40), 'mfa-totp', box)).toBeUndefined();
    expect(openSecret('a'.repeat(40), 'other', box)).toBeUndefined();
  });
});
