import { useSyncExternalStore } from 'react';
import {
  SERVICE_WORKER_IDLE_FALLBACK_MS,
  SERVICE_WORKER_IDLE_TIMEOUT_MS,
  SERVICE_WORKER_UPDATE_CHECK_MS,
} from '@/config/constants';
import { SERVICE_WORKER_URL } from '@/config/offline';
import { reloadPage } from './browser';

/*
 * The service worker of the production build (ADR 032), registered once the page has loaded and
 * the browser is idle, through workbox-window, which is fetched only then (a chunk of its own, not
 * in any page's first load). A new deployment's worker installs in the background and waits; `useAppUpdate` offers
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
 * Resolves when the browser is next idle: after the frames it owes, so the first screen is
 * painted before the worker's script and its installation (the whole app) are fetched. The shell
 * starts the worker as it mounts, which on a cold load is the commit that paints the screen's
 * heading: fetched right then, workbox-window was one more request in front of that paint
 * (docs/performance.md, "The due list's heading"). Browsers without `requestIdleCallback`
 * (Safari) wait SERVICE_WORKER_IDLE_FALLBACK_MS instead.
 */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(() => resolve(), { timeout: SERVICE_WORKER_IDLE_TIMEOUT_MS });
    } else {
      setTimeout(resolve, SERVICE_WORKER_IDLE_FALLBACK_MS);
    }
  });
}

/**
 * Registers the service worker (production builds only; browsers without service workers, such
 * as a page on plain `http://` in the local network, go on without one). Safe to call again.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  void loaded()
    .then(idle)
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
