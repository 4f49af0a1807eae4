import { SIGN_IN_FAILURE_LIMIT, type DetailResponse, type UnlockRequest } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import {
  countFailedUnlock,
  rememberUnlockSecret,
  unlockOffline,
  type OfflineUnlockResult,
} from '@/lib/unlock-verifier';

/** POST users/unlock/: the signed-in user's password or PIN unlocks the tablet (ADR 025). */
export function unlock(body: UnlockRequest): Promise<DetailResponse> {
  return apiRequest('unlock', { body });
}

/**
 * Unlocks the tablet for `userId`. The server checks the secret; when no answer comes (no
 * connection, or none in time), the tablet checks it against the verifier it keeps in memory
 * (ADR 035). The server's refusals are ApiErrors, as ever, and count towards the tablet's own
 * limit (its throttle's 429 ends unlocking without the server at once); the tablet's own answers
 * are the result.
 */
export async function unlockTablet(
  userId: string,
  body: UnlockRequest,
): Promise<OfflineUnlockResult> {
  try {
    await unlock(body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network' || error.kind === 'timeout') {
      return unlockOffline(userId, body.secret);
    }
    if (error.status === 400) countFailedUnlock(userId);
    if (error.status === 429) countFailedUnlock(userId, SIGN_IN_FAILURE_LIMIT);
    throw error;
  }
  void rememberUnlockSecret(userId, body.secret);
  return 'unlocked';
}

export function useUnlock(userId: string) {
  return useMutation({
    mutationFn: (body: UnlockRequest) => unlockTablet(userId, body),
    // Without a connection it still runs: the call fails at once and the tablet checks.
    networkMode: 'always',
  });
}
