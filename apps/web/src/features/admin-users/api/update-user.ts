import type { AdminUpdateUserRequest, AdminUser } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/** PATCH admin/users/{id}/: the changed fields and the version they were read at. */
export function updateUser(userId: string, body: AdminUpdateUserRequest): Promise<AdminUser> {
  return apiRequest('adminUpdateUser', { params: { userId }, body });
}

/** Whether a save failed because someone else changed the user first (409). */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 409;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: AdminUpdateUserRequest }) =>
      updateUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_QUERY_KEY] }),
  });
}
