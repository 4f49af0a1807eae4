import { OFFLINE_API_CACHE } from '@/config/offline';

/**
 * Empties the service worker's cache of API answers (the questionnaires and employee lists a
 * survey in progress needs, ADR 032). Called at sign-out and whenever Login shows, so the next
 * person on a shared tablet never reads the previous one's answers (ADR 025). Never fails: where
 * the browser has no Cache Storage (a page on plain `http://` in the local network) there is
 * nothing to empty.
 */
export async function clearOfflineApiCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_API_CACHE);
  } catch {
    // storage refused: nothing was kept either
  }
}
