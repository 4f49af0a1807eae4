import type { DetailResponse, SetPinRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { forgetUnlockSecrets, rememberUnlockSecret } from '@/lib/offline-unlock';
import { meQueryOptions } from './get-me';

/** POST account/pin/: sets (or, with `pin: null`, removes) the unlock PIN. */
export function setPin(body: SetPinRequest): Promise<DetailResponse> {
  return apiRequest('accountPin', { body });
}

/**
 * Sets or removes the PIN of `userId`. The server has then accepted the password, and the new PIN
 * is the one that unlocks: both are what a tablet without a connection checks (ADR 035); a
 * removed PIN no longer unlocks it.
 */
export function useSetPin(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPin,
    onSuccess: (_answer, { password, pin }) => {
      forgetUnlockSecrets('pin');
      rememberUnlockSecret(userId, password);
      if (pin !== null) rememberUnlockSecret(userId, pin);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
