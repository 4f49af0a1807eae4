import { BEDSIDE_TEXT, MESSAGES } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readTokenProfile } from '@/features/auth/token-profile';
import { jsonResponse, ME, PROFILE, renderRoutes, setTokenCookie, stubFetch } from '@/test/render';
import { createRoutes } from './router';

const PERMISSIONS = {
  permissions: [{ type: 'Patients_Surveys' }],
  facilities: [{ id: 'fac-1', name: 'Maple House' }],
};

/** A server where me/ and the permission call answer as given. */
function stubServer({
  me = () => jsonResponse(ME),
  permissions = () => jsonResponse(PERMISSIONS),
}: { me?: () => Response | Promise<Response>; permissions?: () => Response } = {}) {
  return stubFetch((url) => {
    if (url.endsWith('/me/')) return me();
    if (url.includes('/facility/permission/')) return permissions();
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
}

const renderApp = (path: string, state?: unknown) => renderRoutes(createRoutes, { path, state });

describe('guard', () => {
  it('sends a visitor without the token cookie to Login', async () => {
    const fetch = stubServer();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('guards every screen behind it', async () => {
    stubServer();
    const { router } = renderApp('/patient-survey-asking', { facility_id: 'fac-1' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows Home once the server confirms the session', async () => {
    setTokenCookie();
    stubServer();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Our Services' })).toBeVisible();
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: 'Logout' }),
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows a calm loader, never the page, while the session is being checked', async () => {
    setTokenCookie();
    stubServer({ me: () => new Promise<Response>(() => {}) });
    renderApp('/');
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Our Services' })).not.toBeInTheDocument();
  });

  it('an ended session removes the cookie and opens Login without showing the page', async () => {
    setTokenCookie();
    stubServer({ me: () => jsonResponse({ detail: MESSAGES.sessionExpired }, 401) });
    const { router, queryClient } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(readTokenProfile()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Our Services' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.sessionExpired);
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
  });

  it('a 401 from any other call also ends the session', async () => {
    setTokenCookie();
    stubServer({ permissions: () => jsonResponse({ detail: MESSAGES.sessionExpired }, 401) });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(readTokenProfile()).toBeNull();
  });

  it('a locked tablet shows the lock instead of any screen, also after a reload (ADR 025)', async () => {
    setTokenCookie();
    localStorage.setItem('screenLock', PROFILE.sf_user_id);
    stubServer();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Locked' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Our Services' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Not you? Sign in as someone else' })).toBeVisible();
  });

  it("starts the session check and Home's call with the route, once each", async () => {
    setTokenCookie();
    const fetch = stubServer();
    renderApp('/');
    // The route's loaders send both, without waiting for the guard's or Home's screen.
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual([
        '/api/v1/users/facility/permission/user-1/',
        '/api/v1/users/me/',
      ]),
    );
    expect(await screen.findByRole('button', { name: /Patient Surveys/ })).toBeVisible();
    // The guard and Home take those answers instead of asking again.
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a reload of the due list asks for its list with the route, once, from the navigation state', async () => {
    setTokenCookie();
    const flow = { facility_id: 'fac-1', surveyType: 'Admission' };
    // The browser's own entry, as React Router keeps it, which the route's loader reads.
    window.history.replaceState({ usr: flow, key: 'reload', idx: 0 }, '', '/patient-survey');
    try {
      const list = { survey_list: [], lowest_date: null, highest_date: null };
      const fetch = stubFetch((url) => {
        if (url.endsWith('/me/')) return jsonResponse(ME);
        if (url.includes('/facility/permission/')) return jsonResponse(PERMISSIONS);
        if (url.includes('/facility-survey-patients/')) return jsonResponse(list);
        return jsonResponse({ detail: 'Not found.' }, 404);
      });
      renderApp('/patient-survey', flow);
      // Sent by the loaders, before the guard has let the screen render.
      await waitFor(() =>
        expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual([
          '/api/v1/users/facility-survey-patients/fac-1/Admission/',
          '/api/v1/users/facility/permission/user-1/',
          '/api/v1/users/me/',
        ]),
      );
      expect(await screen.findByText('No surveys are due')).toBeVisible();
      // The screen takes that answer instead of asking again.
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps the page usable when the server cannot be reached', async () => {
    setTokenCookie();
    stubServer({
      me: () => Promise.reject(new TypeError('Failed to fetch')),
      permissions: () => jsonResponse({ detail: 'Something went wrong' }, 503),
    });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Our Services' })).toBeVisible();
    expect(await screen.findByText(MESSAGES.permissionsLoadFailed)).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(readTokenProfile()).toEqual(PROFILE);
  });

  it('opened without a connection (a reload in a dead spot, ADR 032), shows the page at once on the cookie', async () => {
    setTokenCookie();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubServer({ me: () => new Promise<Response>(() => {}) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Our Services' })).toBeVisible();
    expect(screen.getByText(BEDSIDE_TEXT.offline)).toBeVisible();
  });
});

describe('routes', () => {
  it('Login sends a signed-in user to Home', async () => {
    setTokenCookie();
    stubServer();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Our Services' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Forgot password is reachable without a session', async () => {
    stubServer();
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forget Password' })).toBeVisible();
  });

  const GUARDED_PATHS = [
    '/patient-survey-asking',
    '/patient-survey',
    '/survey-question-asking',
    '/survey-question',
    '/discharge-survey-asking',
    '/admission-survey-asking',
    '/delay-survey',
    '/resident-discharged',
    '/employee-review',
    '/acknowledgement-list',
    '/print-survey',
    '/facility-survey-selection',
    '/active-patients',
    '/survey-set-questions',
    '/culinary-department-review',
  ];

  it.each(GUARDED_PATHS)('%s sends a visitor without a session to Login', async (path) => {
    stubServer();
    const { router } = renderApp(path, { facility_id: 'fac-1' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(GUARDED_PATHS)('%s is a screen of the app, not Page not found', async (path) => {
    setTokenCookie();
    stubServer();
    const { router } = renderApp(path);
    // Without its flow state a screen sends the user Home; an unknown path would stay put.
    await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
    expect(await screen.findByRole('heading', { name: 'Our Services' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('an unknown address shows Not found with a link Home', async () => {
    stubServer();
    renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
