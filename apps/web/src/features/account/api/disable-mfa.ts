import type { DetailResponse, MfaDisableRequest } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/** POST account/mfa/disable/: the password and a code turn two-factor sign-in off. */
export function disableMfa(body: MfaDisableRequest): Promise<DetailResponse> {
  return apiRequest('accountMfaDisable', { body });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}
