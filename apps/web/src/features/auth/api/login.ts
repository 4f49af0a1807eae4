import { type LoginAnswer, type LoginRequest } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rememberUnlockSecret } from '@/lib/offline-unlock';

/**
 * POST sf-login/. Signed in: the profile, and the server sets the session and `token` cookies.
 * A user with two-factor sign-in: `{mfa_required, mfa_token}`, and step two follows.
 */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return apiRequest('login', { body });
}

/** Signed in: the password is what a tablet without a connection checks at its lock (ADR 035). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer, { password }) => {
      if (!('mfa_required' in answer)) rememberUnlockSecret(answer.sf_user_id, password);
    },
  });
}
