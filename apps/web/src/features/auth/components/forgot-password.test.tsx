import { MESSAGES } from '@carevoice/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_REDIRECT_MS } from '@/config/constants';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { ForgotPassword } from './forgot-password';

function renderForgotPassword() {
  return renderRoutes(
    [
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { path: '/forgot-password' },
  );
}

/** Answers the reset request with an id and the confirmation with `confirm`. */
function stubResetServer(confirm: () => Response) {
  return stubFetch((url) =>
    url.endsWith('/reset-password/request/') ? jsonResponse({ user_id: 'reset-42' }) : confirm(),
  );
}

describe('ForgotPassword', () => {
  it("shows 'Enter email' and sends nothing when the email is empty", async () => {
    const fetch = stubResetServer(() => jsonResponse({ msg: 'unused' }));
    const { user } = renderForgotPassword();
    expect(screen.getByRole('heading', { name: 'Forget Password' })).toBeVisible();
    expect(screen.getByText("We'll never share your email with anyone else.")).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(MESSAGES.enterEmail)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('Back on the first step returns to Login', async () => {
    stubResetServer(() => jsonResponse({ msg: 'unused' }));
    const { user } = renderForgotPassword();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('moves to Generate Password with the reset id, and Back keeps the email', async () => {
    const fetch = stubResetServer(() => jsonResponse({ msg: 'unused' }));
    const { user } = renderForgotPassword();
    await user.type(screen.getByLabelText('Email'), 'Staff@CareVoice.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('heading', { name: 'Generate Password' })).toBeVisible();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'staff@carevoice.test',
    });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Forget Password' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('staff@carevoice.test');
  });

  it('accepts only digits in the code and explains the code and password rules', async () => {
    const fetch = stubResetServer(() => jsonResponse({ msg: 'unused' }));
    const { user } = renderForgotPassword();
    await user.type(screen.getByLabelText('Email'), 'staff@carevoice.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const otp = await screen.findByLabelText(/code/i);
    expect(otp).toHaveAttribute('inputmode', 'numeric');

    await user.type(otp, '12ab3-4567890');
    expect(otp).toHaveValue('123456');
    await user.clear(otp);
    await user.type(otp, '123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText(MESSAGES.otpNumeric)).toBeVisible();
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's msg in red under the form when the code is wrong", async () => {
    stubResetServer(() => jsonResponse({ msg: MESSAGES.invalidResetCode }, 400));
    const { user } = renderForgotPassword();
    await user.type(screen.getByLabelText('Email'), 'staff@carevoice.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(await screen.findByLabelText(/code/i), '000000');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const message = await screen.findByText(MESSAGES.invalidResetCode);
    expect(message).toHaveAttribute('role', 'alert');
    expect(message).toHaveStyle({ color: 'var(--mantine-color-error)' });
    expect(screen.getByRole('heading', { name: 'Generate Password' })).toBeVisible();
  });

  it("sends code, password and reset id, says 'Password updated Successfully', then opens Login after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = stubResetServer(() => jsonResponse({ msg: MESSAGES.passwordUpdated }));
      const { user, router } = renderForgotPassword();
      await user.type(screen.getByLabelText('Email'), 'staff@carevoice.test');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await user.type(await screen.findByLabelText(/code/i), '123456');
      await user.type(screen.getByLabelText('New password'), 'a-new-password');

      await user.click(screen.getByRole('button', { name: 'Submit' }));

      expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeVisible();
      expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({
        otp: '123456',
        password: 'a-new-password',
        user_id: 'reset-42',
      });
      expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
      expect(router.state.location.pathname).toBe('/forgot-password');

      await act(() => vi.advanceTimersByTimeAsync(PASSWORD_RESET_REDIRECT_MS));
      expect(router.state.location.pathname).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });
});
