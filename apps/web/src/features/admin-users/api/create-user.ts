import type { AdminCreateUserRequest, CreatedResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/** POST admin/users/: invites a user (the server mails the invitation). */
export function createUser(body: AdminCreateUserRequest): Promise<CreatedResponse> {
  return apiRequest('adminCreateUser', { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_QUERY_KEY] }),
  });
}
