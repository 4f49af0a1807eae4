import { PROFILE_COOKIE, SESSION_MAX_AGE_DAYS, type UserProfile } from '@carevoice/shared';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppQueryClient } from '@/app/query-client';

export const PROFILE: UserProfile = {
  all_facility_access: false,
  all_permission_access: false,
  sf_user_id: 'user-1',
  name: 'Sam Staff',
  email: 'staff@carevoice.test',
};

/** What me/ answers for PROFILE: the profile and the tablet lock's settings (ADR 025). */
export const ME = { ...PROFILE, idle_lock_minutes: 5, pin_set: false };

/** Sets the script-readable `token` cookie the way the server does at login. */
export function setTokenCookie(profile: UserProfile = PROFILE): void {
  const value = encodeURIComponent(JSON.stringify(profile));
  document.cookie = `${PROFILE_COOKIE}=${value}; Path=/; Max-Age=${SESSION_MAX_AGE_DAYS * 24 * 60 * 60}`;
}

/** A JSON answer as the server would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with `handler` (per call: URL and init in, Response out) and returns the spy.
 * Components are tested against the real API client; only the network is stubbed.
 */
export function stubFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

/**
 * Renders routes (or the app's route table, made for the QueryClient) in a memory router inside
 * the app's providers (theme, QueryClient with the real session-ended handling, toasts).
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  { path = '/', state }: { path?: string; state?: unknown } = {},
) {
  const queryClient = createAppQueryClient({
    navigate: (to) => router.navigate(to, { replace: true }),
    retry: false,
  });
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [
      {
        pathname: path.split('?')[0],
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state,
      },
    ],
  });
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient, user };
}
