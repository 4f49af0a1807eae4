import { ACCEPT_INVITATION_PATH, ADMIN_TEXT, MESSAGES } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AcceptInvitationRoute from '@/app/routes/accept-invitation';
import { paths } from '@/config/paths';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';

const text = ADMIN_TEXT.users;
const TOKEN = 'Tk_abc-123';
const ACCEPT_URL = '/api/v1/users/invitations/accept/';

/** Opens the page as the mailed link does: the token in the fragment of the address. */
function renderPage({
  hash = `#token=${TOKEN}`,
  answer = () => jsonResponse({ detail: text.invitationAccepted }),
}: { hash?: string; answer?: () => Response | Promise<Response> } = {}) {
  window.history.replaceState(null, '', `${ACCEPT_INVITATION_PATH}${hash}`);
  const sent: { url: string; body: unknown }[] = [];
  const fetch = stubFetch((url, init) => {
    sent.push({ url, body: JSON.parse(String(init.body)) });
    return answer();
  });
  const routes: RouteObject[] = [
    { path: paths.acceptInvitation, element: <AcceptInvitationRoute /> },
    { path: paths.login, element: <p>At the login</p> },
  ];
  return { ...renderRoutes(routes, { path: paths.acceptInvitation }), fetch, sent };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const password = () => screen.getByLabelText(text.newPassword, { selector: 'input' });
const repeat = () => screen.getByLabelText(text.repeatPassword, { selector: 'input' });

describe('Accept invitation', () => {
  it('is the path the mailed link opens', () => {
    expect(paths.acceptInvitation).toBe(ACCEPT_INVITATION_PATH);
  });

  it('takes the token out of the address bar, sends it only in the body, then offers to sign in', async () => {
    const { user, sent } = renderPage();
    expect(await screen.findByRole('heading', { name: text.acceptHeading })).toBeVisible();
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.href).not.toContain(TOKEN);

    await user.type(password(), 'a-long-new-password');
    await user.type(repeat(), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: text.setPassword }));
    expect(await screen.findByRole('heading', { name: text.acceptedHeading })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(text.invitationAccepted);
    expect(sent).toEqual([
      { url: ACCEPT_URL, body: { token: TOKEN, password: 'a-long-new-password' } },
    ]);
    await user.click(screen.getByRole('link', { name: text.signIn }));
    expect(await screen.findByText('At the login')).toBeVisible();
  });

  it('checks the password and its repetition before sending anything', async () => {
    const { user, fetch } = renderPage();
    await user.type(password(), 'short');
    await user.click(screen.getByRole('button', { name: text.setPassword }));
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeVisible();
    await user.clear(password());
    await user.type(password(), 'a-long-new-password');
    await user.type(repeat(), 'a-long-new-passwort');
    await user.click(screen.getByRole('button', { name: text.setPassword }));
    expect(await screen.findByText(text.passwordsDiffer)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['expired', text.invitationExpired],
    ['used or revoked', text.invitationInvalid],
  ])(
    'a link that is %s says so, with the way to sign in instead of the form',
    async (_, detail) => {
      const { user } = renderPage({ answer: () => jsonResponse({ detail }, 400) });
      await user.type(password(), 'a-long-new-password');
      await user.type(repeat(), 'a-long-new-password');
      await user.click(screen.getByRole('button', { name: text.setPassword }));
      expect(await screen.findByRole('alert')).toHaveTextContent(detail);
      expect(screen.queryByRole('button', { name: text.setPassword })).toBeNull();
      expect(screen.getByRole('link', { name: text.signIn })).toBeVisible();
    },
  );

  it('a failure that is not about the link keeps the form to try again', async () => {
    const { user } = renderPage({ answer: () => Promise.reject(new TypeError('offline')) });
    await user.type(password(), 'a-long-new-password');
    await user.type(repeat(), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: text.setPassword }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    expect(screen.getByRole('button', { name: text.setPassword })).toBeEnabled();
  });

  it('without a token in the address it explains what to do and sends nothing', async () => {
    const { fetch } = renderPage({ hash: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent(text.noToken);
    expect(screen.queryByLabelText(text.newPassword)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
