import type { DetailResponse, SetPinRequest, UnlockRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { meQueryOptions } from './get-me';

/** POST users/unlock/: the signed-in user's password or PIN unlocks the tablet (ADR 025). */
export function unlock(body: UnlockRequest): Promise<DetailResponse> {
  return apiRequest('unlock', { body });
}

export function useUnlock() {
  return useMutation({ mutationFn: unlock });
}

/** POST account/pin/: sets (or, with `pin: null`, removes) the unlock PIN. */
export function setPin(body: SetPinRequest): Promise<DetailResponse> {
  return apiRequest('accountPin', { body });
}

export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
