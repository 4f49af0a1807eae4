import { type LoginAnswer, type LoginRequest } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST sf-login/. Signed in: the profile, and the server sets the session and `token` cookies.
 * A user with two-factor sign-in: `{mfa_required, mfa_token}`, and step two follows.
 */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return apiRequest('login', { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
