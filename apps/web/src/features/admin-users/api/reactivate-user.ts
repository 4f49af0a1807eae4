import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/** POST admin/users/{id}/reactivate/: reactivates a user (or invites again one who never set a password). */
export function reactivateUser(userId: string): Promise<DetailResponse> {
  return apiRequest('adminReactivateUser', { params: { userId } });
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_QUERY_KEY] }),
  });
}
