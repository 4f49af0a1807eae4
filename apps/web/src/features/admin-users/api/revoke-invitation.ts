import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/** POST admin/users/{id}/revoke-invitation/: withdraws a pending invitation. */
export function revokeInvitation(userId: string): Promise<DetailResponse> {
  return apiRequest('adminRevokeInvitation', { params: { userId } });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_QUERY_KEY] }),
  });
}
