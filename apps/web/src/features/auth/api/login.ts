import { type LoginRequest, type LoginResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST sf-login/. The server answers with the profile and sets the session and `token` cookies. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('login', { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
