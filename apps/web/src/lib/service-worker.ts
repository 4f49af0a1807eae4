import { useSyncExternalStore } from 'react';
import { SERVICE_WORKER_UPDATE_CHECK_MS } from '@/config/constants';
import { SERVICE_WORKER_URL } from '@/config/offline';
import { reloadPage } from './browser';

/*
 * The service worker of the production build (ADR 032), registered once the page has loaded,
 * through workbox-window, which is fetched only then (a chunk of its own, not in any page's first
 * load). A new deployment's worker installs in the background and waits; `useAppUpdate` offers
 * the switch, which the layouts show only between surveys (components/update-prompt.tsx).
 */

/** Set once a new version is installed and waiting: lets it take over and reloads the page. */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();
let started = false;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registers the service worker (production builds only; browsers without service workers, such
 * as a page on plain `http://` in the local network, go on without one). Safe to call again.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  void loaded()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      const workbox = new Workbox(SERVICE_WORKER_URL);
      workbox.addEventListener('waiting', () => {
        applyUpdate = () => {
          workbox.addEventListener('controlling', () => reloadPage());
          workbox.messageSkipWaiting();
        };
        for (const listener of listeners) listener();
      });
      workbox.register().catch(() => undefined);
      setInterval(() => {
        if (navigator.onLine) workbox.update().catch(() => undefined);
      }, SERVICE_WORKER_UPDATE_CHECK_MS);
    })
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When a new version of the app is waiting: the function that switches to it; else null. */
export function useAppUpdate(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => null,
  );
}
