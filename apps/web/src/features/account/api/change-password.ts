import type { ChangePasswordRequest, DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/** POST account/password/: a new password; every other session ends. */
export function changePassword(body: ChangePasswordRequest): Promise<DetailResponse> {
  return apiRequest('accountPassword', { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}
