import { type DetailResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { loadPage } from '@/lib/browser';
import { clearOfflineApiCache } from '@/lib/offline-cache';
import { forgetUnlockSecrets } from '@/lib/offline-unlock';
import { clearSurveyStorage, writeLockOwner } from '@/lib/storage';
import { removeTokenCookie } from '@/lib/token-cookie';
import { readTokenProfile } from '../token-profile';

/** POST logout/: revokes the session on the server and clears its cookies. */
export function logout(): Promise<DetailResponse> {
  return apiRequest('logout');
}

/**
 * Logout (spec §2): ends the session on the server (a failure there is ignored: the device is
 * cleaned up either way), removes the `token` cookie and the user's answers kept on the device
 * (other users' stay theirs on a shared tablet), then loads Login afresh so nothing of this user
 * stays in memory. `keepAnswers` ("Not you? Sign in as someone else" at the tablet's lock, ADR
 * 025): the user's survey in progress and queued answers stay on the tablet under their name
 * until they sign in again. Either way the service worker's copies of API answers go too (ADR 032),
 * and the verifiers that unlock without a connection (ADR 035): the next person on the tablet
 * reads nothing of this session.
 */
export function useLogout({ keepAnswers = false }: { keepAnswers?: boolean } = {}) {
  return useMutation({
    mutationFn: logout,
    // Also without a connection ("Not you?" on a tablet locked in a dead spot, ADR 035): the call
    // fails at once and the tablet is cleaned up all the same.
    networkMode: 'always',
    onSettled: async () => {
      const userId = readTokenProfile()?.sf_user_id;
      removeTokenCookie();
      if (!keepAnswers) clearSurveyStorage(userId);
      writeLockOwner(null);
      forgetUnlockSecrets();
      await clearOfflineApiCache();
      loadPage(paths.login);
    },
  });
}
