import { MESSAGES } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetUnlockSecrets, offlineUnlockState, unlockOffline } from '@/lib/unlock-verifier';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';
import { LoginForm } from './login-form';

const LOGIN_RESPONSE = { ...PROFILE, jwt_access: 'a', jwt_refresh: 'r' };

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <p>Home screen</p> },
    ],
    { path: '/login' },
  );
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password', { exact: true });
const loginButton = () => screen.getByRole('button', { name: 'LOGIN' });

describe('LoginForm', () => {
  it('shows both required messages and sends no request when the fields are empty', async () => {
    const fetch = stubFetch(() => jsonResponse(LOGIN_RESPONSE));
    const { user } = renderLogin();

    await user.click(loginButton());

    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends no request when only the password is missing', async () => {
    const fetch = stubFetch(() => jsonResponse(LOGIN_RESPONSE));
    const { user } = renderLogin();

    await user.type(emailField(), 'staff@carevoice.test');
    await user.click(loginButton());

    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('clears a message when its own field is edited, and only that one', async () => {
    stubFetch(() => jsonResponse(LOGIN_RESPONSE));
    const { user } = renderLogin();
    await user.click(loginButton());
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();

    await user.type(emailField(), 's');

    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();

    await user.type(passwordField(), 'x');
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
  });

  it('masks the password by default and the toggle shows and hides it', async () => {
    stubFetch(() => jsonResponse(LOGIN_RESPONSE));
    const { user } = renderLogin();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('shows a spinner and disables LOGIN while the request is pending', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { user } = renderLogin();
    await user.type(emailField(), 'staff@carevoice.test');
    await user.type(passwordField(), 'secret-password');

    await user.click(loginButton());

    await waitFor(() => expect(loginButton()).toBeDisabled());
    expect(loginButton()).toHaveAttribute('data-loading', 'true');
  });

  it('posts username and password and opens Home on success', async () => {
    const fetch = stubFetch(() => jsonResponse(LOGIN_RESPONSE));
    const { user, router } = renderLogin();
    await user.type(emailField(), ' staff@carevoice.test ');
    await user.type(passwordField(), 'secret-password');

    await user.click(loginButton());

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/users/sf-login/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'staff@carevoice.test',
      password: 'secret-password',
    });
  });

  it("shows the server's detail in an error toast and stays on Login when sign-in fails", async () => {
    stubFetch(() => jsonResponse({ detail: 'Invalid email or password.' }, 401));
    const { user, router } = renderLogin();
    await user.type(emailField(), 'staff@carevoice.test');
    await user.type(passwordField(), 'wrong-password');

    await user.click(loginButton());

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Invalid email or password.');
    expect(toast.className).toContain('Toastify__toast--error');
    expect(router.state.location.pathname).toBe('/login');
    expect(loginButton()).toBeEnabled();
  });

  it('says the server could not be reached when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderLogin();
    await user.type(emailField(), 'staff@carevoice.test');
    await user.type(passwordField(), 'secret-password');

    await user.click(loginButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
  });

  describe('the verifier for unlocking without a connection (ADR 035)', () => {
    afterEach(() => forgetUnlockSecrets());

    it('is derived from the password once the server has signed the user in', async () => {
      stubFetch(() => jsonResponse(LOGIN_RESPONSE));
      const { user } = renderLogin();
      await user.type(emailField(), 'staff@carevoice.test');
      await user.type(passwordField(), 'secret-password');

      await user.click(loginButton());

      await screen.findByText('Home screen');
      // Derived in the background, once the verifiers' module has loaded.
      await waitFor(() => expect(offlineUnlockState(PROFILE.sf_user_id)).toBe('ready'), {
        timeout: 10_000,
      });
      expect(await unlockOffline(PROFILE.sf_user_id, 'secret-password')).toBe('unlocked');
    });

    it('is not derived from a password the server refused, nor before the second factor', async () => {
      stubFetch(() => jsonResponse({ detail: 'Invalid email or password.' }, 401));
      const { user } = renderLogin();
      await user.type(emailField(), 'staff@carevoice.test');
      await user.type(passwordField(), 'wrong-password');
      await user.click(loginButton());
      await screen.findByRole('alert');

      stubFetch(() => jsonResponse({ mfa_required: true, mfa_token: 'step-one' }));
      await user.clear(passwordField());
      await user.type(passwordField(), 'secret-password');
      await user.click(loginButton());
      await screen.findByLabelText('Code');

      expect(offlineUnlockState(PROFILE.sf_user_id)).toBe('unavailable');
    });
  });
});
