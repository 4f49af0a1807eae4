import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/** POST admin/users/{id}/deactivate/: deactivates a user and ends all of their sessions. */
export function deactivateUser(userId: string): Promise<DetailResponse> {
  return apiRequest('adminDeactivateUser', { params: { userId } });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_QUERY_KEY] }),
  });
}
