import type { MfaSetupResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST account/mfa/setup/: a new secret and its `otpauth://` URL, waiting for a first code. */
export function setupMfa(): Promise<MfaSetupResponse> {
  return apiRequest('accountMfaSetup');
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa });
}
