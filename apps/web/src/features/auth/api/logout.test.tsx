import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_API_CACHE } from '@/config/offline';
import { loadPage } from '@/lib/browser';
import { SURVEY_STORAGE_KEYS } from '@/lib/storage';
import { readTokenProfile } from '@/features/auth/token-profile';
import { jsonResponse, renderRoutes, setTokenCookie, stubFetch } from '@/test/render';
import { useLogout } from './logout';

vi.mock('@/lib/browser', () => ({ loadPage: vi.fn() }));

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      Logout
    </button>
  );
}

describe('useLogout', () => {
  it.each([
    ['the server ends the session', () => jsonResponse({ detail: 'Logged out.' })],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('when %s: removes the cookie and kept answers, then loads Login afresh', async (_, answer) => {
    setTokenCookie();
    for (const key of SURVEY_STORAGE_KEYS) localStorage.setItem(key, '[]');
    localStorage.setItem('unrelated', 'kept');
    const fetch = stubFetch(answer);
    const { user } = renderRoutes([{ path: '/', element: <LogoutButton /> }]);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/logout/',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(readTokenProfile()).toBeNull();
    for (const key of SURVEY_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it("empties the service worker's cache of API answers before Login loads (ADR 032)", async () => {
    setTokenCookie();
    // Each cache emptied, with whether Login had been loaded by then.
    const deleted: [string, boolean][] = [];
    vi.stubGlobal('caches', {
      delete: vi.fn((name: string) => {
        deleted.push([name, vi.mocked(loadPage).mock.calls.length > 0]);
        return Promise.resolve(true);
      }),
    });
    stubFetch(() => jsonResponse({ detail: 'Logged out.' }));
    const { user } = renderRoutes([{ path: '/', element: <LogoutButton /> }]);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login'));
    expect(deleted).toEqual([[OFFLINE_API_CACHE, false]]);
  });
});
