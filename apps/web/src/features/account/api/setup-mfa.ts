import type { MfaSetupRequest, MfaSetupResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST account/mfa/setup/: given the current password, a new secret and its `otpauth://` URL,
 * waiting for a first code.
 */
export function setupMfa(body: MfaSetupRequest): Promise<MfaSetupResponse> {
  return apiRequest('accountMfaSetup', { body });
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa });
}
