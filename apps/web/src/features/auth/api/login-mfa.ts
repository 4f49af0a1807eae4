import { type LoginMfaRequest, type LoginResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST sf-login/mfa/: step two of signing in, the code from the app or a recovery code. */
export function loginWithCode(body: LoginMfaRequest): Promise<LoginResponse> {
  return apiRequest('loginMfa', { body });
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
