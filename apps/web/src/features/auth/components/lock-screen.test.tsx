import { MESSAGES, OFFLINE_UNLOCK_TEXT, SIGN_IN_FAILURE_LIMIT } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/browser';
import {
  countFailedUnlock,
  forgetUnlockSecrets,
  offlineUnlockState,
  rememberUnlockSecret,
  unlockOffline,
} from '@/lib/unlock-verifier';
import { readLockOwner, writeLockOwner } from '@/lib/storage';
import { jsonResponse, PROFILE, renderRoutes, setTokenCookie, stubFetch } from '@/test/render';
import { useIdleLock } from '../hooks/use-idle-lock';
import { SessionProvider } from '../hooks/use-session';
import { LockScreen } from './lock-screen';

vi.mock('@/lib/browser', () => ({ loadPage: vi.fn() }));

const USER = PROFILE.sf_user_id;
const PASSWORD = 'carevoice-demo';
const PIN = '4821';
const UNLOCK_URL = '/api/v1/users/unlock/';

/** The guard's part: the lock screen while the tablet is locked for the user, else the survey. */
function Guarded() {
  const locked = useIdleLock(5, USER);
  return locked ? <LockScreen name={PROFILE.name} /> : <p>Question 2</p>;
}

function renderLocked() {
  setTokenCookie();
  writeLockOwner(USER);
  return renderRoutes([
    {
      path: '/',
      element: (
        <SessionProvider profile={PROFILE}>
          <Guarded />
        </SessionProvider>
      ),
    },
  ]);
}

/** No connection: the browser says so, and every call fails without an answer. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
}

const field = () => screen.getByLabelText('Password or PIN');

// Each check derives PBKDF2 with the real iteration count: a fraction of a second apiece.
describe('the lock screen without a connection (ADR 035)', { timeout: 30_000 }, () => {
  beforeEach(() => forgetUnlockSecrets());
  afterEach(() => {
    writeLockOwner(null);
    forgetUnlockSecrets();
    onlineManager.setOnline(true);
  });

  it('says calmly that the tablet checks the password itself; a wrong one is refused, the right one resumes', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    const fetch = goOffline();
    const { user } = renderLocked();

    expect(await screen.findByRole('status')).toHaveTextContent(OFFLINE_UNLOCK_TEXT.ready);
    await user.type(field(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(MESSAGES.unlockWrong)).toBeVisible();
    expect(screen.queryByText('Question 2')).toBeNull();
    expect(field()).toHaveValue('');

    await user.type(field(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Question 2')).toBeVisible();
    expect(readLockOwner()).toBeNull();
    // The server was asked first each time; nothing else was sent.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([UNLOCK_URL, UNLOCK_URL]);
  });

  it('in a dead spot the browser thinks is online, the unanswered call is enough to check on the tablet', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderLocked();
    await user.type(await screen.findByLabelText('Password or PIN'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Question 2')).toBeVisible();
  });

  it('after a reload nothing is kept: it says unlocking needs the connection, and Not you? still signs out', async () => {
    goOffline();
    onlineManager.setOnline(false);
    const { user } = renderLocked();

    expect(await screen.findByRole('status')).toHaveTextContent(OFFLINE_UNLOCK_TEXT.unavailable);
    await user.type(field(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    // Checked and refused: the field is emptied for the next try.
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(screen.queryByText('Question 2')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_UNLOCK_TEXT.unavailable);

    await user.click(screen.getByRole('button', { name: 'Not you? Sign in as someone else' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login'));
  });

  it('Not you? forgets the verifiers', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    stubFetch(() => jsonResponse({ detail: 'Logged out.' }));
    const { user } = renderLocked();
    await user.click(
      await screen.findByRole('button', { name: 'Not you? Sign in as someone else' }),
    );
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login'));
    expect(offlineUnlockState(USER)).toBe('unavailable');
  });

  it(`after ${SIGN_IN_FAILURE_LIMIT} wrong tries the tablet stops checking, even the right password`, async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    countFailedUnlock(USER, SIGN_IN_FAILURE_LIMIT - 1);
    goOffline();
    const { user } = renderLocked();

    await user.type(await screen.findByLabelText('Password or PIN'), 'last-wrong-guess');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_UNLOCK_TEXT.exhausted),
    );
    await user.type(field(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    // Checked and refused: the field is emptied for the next try.
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(screen.queryByText('Question 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Not you? Sign in as someone else' })).toBeVisible();
  });

  it('a PIN the tablet cannot check asks for the password it can', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    goOffline();
    const { user } = renderLocked();
    await user.type(await screen.findByLabelText('Password or PIN'), PIN);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(OFFLINE_UNLOCK_TEXT.otherSecret)).toBeVisible();
    expect(offlineUnlockState(USER)).toBe('ready');
  });
});

describe('the lock screen with a connection', { timeout: 30_000 }, () => {
  afterEach(() => {
    writeLockOwner(null);
    forgetUnlockSecrets();
  });

  it('the server decides; its yes to a PIN lets the tablet check that PIN later without a connection', async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    let calls = 0;
    const fetch = stubFetch(() =>
      (calls += 1) === 1
        ? jsonResponse({ detail: MESSAGES.unlockWrong }, 400)
        : jsonResponse({ detail: 'Unlocked' }),
    );
    const { user } = renderLocked();
    expect(screen.queryByRole('status')).toBeEmptyDOMElement();

    await user.type(await screen.findByLabelText('Password or PIN'), '0000');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(MESSAGES.unlockWrong)).toBeVisible();
    await user.type(field(), PIN);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Question 2')).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(2);

    await waitFor(async () => expect(await unlockOffline(USER, PIN)).toBe('unlocked'), {
      timeout: 10_000,
    });
  });

  it("the server's throttle (429) ends the tablet's own checks too", async () => {
    await rememberUnlockSecret(USER, PASSWORD);
    stubFetch(() => jsonResponse({ detail: 'Too many attempts. Try again in 8 seconds.' }, 429));
    const { user } = renderLocked();
    await user.type(await screen.findByLabelText('Password or PIN'), 'a-guess-too-many');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Too many attempts. Try again in 8 seconds.')).toBeVisible();
    expect(offlineUnlockState(USER)).toBe('exhausted');
  });
});
