import type { ChangePasswordRequest, DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rememberUnlockSecret } from '@/lib/offline-unlock';
import { ACCOUNT_QUERY_KEY } from './get-account';

/** POST account/password/: a new password; every other session ends. */
export function changePassword(body: ChangePasswordRequest): Promise<DetailResponse> {
  return apiRequest('accountPassword', { body });
}

/**
 * Changes the password of `userId`. The new one is then also what a tablet without a connection
 * checks at its lock, in place of the old one (ADR 035).
 */
export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (_answer, body) => rememberUnlockSecret(userId, body.new_password),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}
