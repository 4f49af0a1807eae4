import type { MfaEnableRequest, MfaEnableResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/**
 * POST account/mfa/enable/: the first code (with the current password) turns two-factor sign-in
 * on; the recovery codes.
 */
export function enableMfa(body: MfaEnableRequest): Promise<MfaEnableResponse> {
  return apiRequest('accountMfaEnable', { body });
}

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}
