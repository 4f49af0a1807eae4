import { BEDSIDE_TEXT } from '@carevoice/shared';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startServiceWorker, useAppUpdate } from '@/lib/service-worker';
import { renderRoutes } from '@/test/render';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';

vi.mock('@/lib/service-worker', () => ({
  startServiceWorker: vi.fn(),
  useAppUpdate: vi.fn(() => null),
}));

/** Sets what `navigator.onLine` says and fires the event the browser would. */
function goOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the offline banner', () => {
  it('says what works and what waits while the browser is offline, in a live region that is always there', () => {
    renderRoutes([{ path: '/', element: <OfflineBanner /> }]);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    goOnline(false);
    expect(region).toHaveTextContent(BEDSIDE_TEXT.offline);

    goOnline(true);
    expect(region).toBeEmptyDOMElement();
  });

  it('shows at once on a page opened offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoutes([{ path: '/', element: <OfflineBanner /> }]);
    expect(screen.getByRole('status')).toHaveTextContent(BEDSIDE_TEXT.offline);
  });
});

describe('the new-version prompt', () => {
  const applyUpdate = vi.fn();
  beforeEach(() => {
    vi.mocked(useAppUpdate).mockReturnValue(null);
  });

  it('starts the service worker after rendering and shows nothing while no new version waits', () => {
    renderRoutes([{ path: '/', element: <UpdatePrompt deferred={false} /> }]);
    expect(startServiceWorker).toHaveBeenCalled();
    expect(screen.queryByText(BEDSIDE_TEXT.updateReady)).toBeNull();
  });

  it('offers Reload between surveys, which switches to the new version', async () => {
    vi.mocked(useAppUpdate).mockReturnValue(applyUpdate);
    const { user } = renderRoutes([{ path: '/', element: <UpdatePrompt deferred={false} /> }]);
    expect(screen.getByRole('complementary', { name: BEDSIDE_TEXT.updateRegion })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(BEDSIDE_TEXT.updateReady);
    await user.click(screen.getByRole('button', { name: BEDSIDE_TEXT.updateReload }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('waits while a survey is in progress', () => {
    vi.mocked(useAppUpdate).mockReturnValue(applyUpdate);
    renderRoutes([{ path: '/', element: <UpdatePrompt deferred /> }]);
    expect(screen.queryByText(BEDSIDE_TEXT.updateReady)).toBeNull();
    expect(screen.queryByRole('button', { name: BEDSIDE_TEXT.updateReload })).toBeNull();
  });
});
