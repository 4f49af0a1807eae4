import { type DetailResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { loadPage } from '@/lib/browser';
import { clearSurveyStorage } from '@/lib/storage';
import { removeTokenCookie } from '@/lib/token-cookie';

/** POST logout/: revokes the session on the server and clears its cookies. */
export function logout(): Promise<DetailResponse> {
  return apiRequest('logout');
}

/**
 * Logout (spec §2): ends the session on the server (a failure there is ignored: the device is
 * cleaned up either way), removes the `token` cookie and the answers kept on the device, then
 * loads Login afresh so nothing of this user stays in memory.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      removeTokenCookie();
      clearSurveyStorage();
      loadPage(paths.login);
    },
  });
}
