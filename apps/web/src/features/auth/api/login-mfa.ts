import { type LoginMfaRequest, type LoginResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rememberUnlockSecret } from '@/lib/offline-unlock';

/** POST sf-login/mfa/: step two of signing in, the code from the app or a recovery code. */
export function loginWithCode(body: LoginMfaRequest): Promise<LoginResponse> {
  return apiRequest('loginMfa', { body });
}

/**
 * Signed in with the code: the `password` of step one is what a tablet without a connection
 * checks at its lock (ADR 035).
 */
export function useLoginWithCode(password: string) {
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: (answer) => rememberUnlockSecret(answer.sf_user_id, password),
  });
}
