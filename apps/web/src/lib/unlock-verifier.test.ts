import { SIGN_IN_FAILURE_LIMIT } from '@carevoice/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNLOCK_VERIFIER_ITERATIONS } from '@/config/constants';
import {
  countFailedUnlock,
  forgetUnlockSecrets,
  offlineUnlockState,
  rememberUnlockSecret,
  unlockOffline,
} from './unlock-verifier';

const USER = 'user-1';
const PASSWORD = 'carevoice-demo';
const PIN = '4821';

// Each check derives PBKDF2 with the real iteration count: a fraction of a second apiece.
describe('unlocking without a connection (ADR 035)', { timeout: 30_000 }, () => {
  afterEach(() => forgetUnlockSecrets());

  it('keeps nothing until the server has accepted a secret: unlocking waits for it', async () => {
    expect(offlineUnlockState(USER)).toBe('unavailable');
    expect(await unlockOffline(USER, PASSWORD)).toBe('unavailable');
  });

  it('the password accepted at sign-in unlocks; another one is wrong', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    expect(offlineUnlockState(USER)).toBe('ready');
    expect(await unlockOffline(USER, 'not-the-password')).toBe('wrong');
    expect(await unlockOffline(USER, PASSWORD)).toBe('unlocked');
  });

  it('a PIN accepted by the server unlocks too, and the password still does', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    await rememberUnlockSecret(USER, PIN);
    expect(await unlockOffline(USER, '0000')).toBe('wrong');
    expect(await unlockOffline(USER, PIN)).toBe('unlocked');
    expect(await unlockOffline(USER, PASSWORD)).toBe('unlocked');
  });

  it('a PIN while only the password is kept asks for the other secret and is no wrong try', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i += 1) {
      expect(await unlockOffline(USER, PIN)).toBe('other-secret');
    }
    expect(offlineUnlockState(USER)).toBe('ready');
  });

  it(`after ${SIGN_IN_FAILURE_LIMIT} wrong tries the tablet stops checking, even the right password, until the server accepts one again`, async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    for (let i = 1; i < SIGN_IN_FAILURE_LIMIT; i += 1) {
      expect(await unlockOffline(USER, `wrong-password-${i}`)).toBe('wrong');
    }
    expect(await unlockOffline(USER, 'wrong-password-last')).toBe('exhausted');
    expect(offlineUnlockState(USER)).toBe('exhausted');
    expect(await unlockOffline(USER, PASSWORD)).toBe('exhausted');

    await rememberUnlockSecret(USER, PASSWORD);
    expect(await unlockOffline(USER, PASSWORD)).toBe('unlocked');
  });

  it("the server's refusals count towards the limit; its throttle (429) ends the tablet's checks at once", async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    for (let i = 1; i < SIGN_IN_FAILURE_LIMIT; i += 1) countFailedUnlock(USER);
    expect(await unlockOffline(USER, 'one-more-guess')).toBe('exhausted');

    await rememberUnlockSecret(USER, PASSWORD);
    countFailedUnlock(USER, SIGN_IN_FAILURE_LIMIT);
    expect(await unlockOffline(USER, PASSWORD)).toBe('exhausted');
  });

  it('unlocks only for the user who proved the secret', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    expect(offlineUnlockState('user-2')).toBe('unavailable');
    expect(await unlockOffline('user-2', PASSWORD)).toBe('unavailable');
    // The next user's sign-in replaces the previous user's verifiers, PIN included.
    await rememberUnlockSecret(USER, PIN);
    await rememberUnlockSecret('user-2', 'another-password');
    expect(await unlockOffline(USER, PIN)).toBe('unavailable');
    expect(await unlockOffline('user-2', PIN)).toBe('other-secret');
  });

  it('forgets every verifier at sign-out, and a removed PIN no longer unlocks', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    await rememberUnlockSecret(USER, PIN);
    forgetUnlockSecrets('pin');
    expect(await unlockOffline(USER, PIN)).toBe('other-secret');
    expect(await unlockOffline(USER, PASSWORD)).toBe('unlocked');
    forgetUnlockSecrets();
    expect(await unlockOffline(USER, PASSWORD)).toBe('unavailable');
  });

  it('a verifier still being derived when the secrets are forgotten is not kept', async () => {
    const remembering = rememberUnlockSecret(USER, PASSWORD);
    forgetUnlockSecrets();
    await remembering;
    expect(offlineUnlockState(USER)).toBe('unavailable');
  });

  it('a try still being checked when the secrets are forgotten does not unlock', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    const checking = unlockOffline(USER, PASSWORD);
    forgetUnlockSecrets();
    expect(await checking).toBe('unavailable');
  });

  it('derives PBKDF2-SHA-256 with a fresh random salt each time, keeps it in memory only and sends nothing', async () => {
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);

    await rememberUnlockSecret(USER, PASSWORD);
    await rememberUnlockSecret(USER, PASSWORD);
    expect(await unlockOffline(USER, PASSWORD)).toBe('unlocked');

    const salts = deriveBits.mock.calls.map(([params]) => {
      expect(params).toMatchObject({
        name: 'PBKDF2',
        hash: 'SHA-256',
        iterations: UNLOCK_VERIFIER_ITERATIONS,
      });
      return Array.from((params as Pbkdf2Params).salt as Uint8Array);
    });
    expect(salts).toHaveLength(3);
    expect(salts[0]).toHaveLength(16);
    expect(salts[0]).not.toEqual(salts[1]);
    expect(salts[2]).toEqual(salts[1]);
    expect(UNLOCK_VERIFIER_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('without WebCrypto (plain http) keeps nothing, and unlocking waits for the server', async () => {
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new Error('no subtle crypto'));
    await rememberUnlockSecret(USER, PASSWORD);
    expect(offlineUnlockState(USER)).toBe('unavailable');
  });
});
