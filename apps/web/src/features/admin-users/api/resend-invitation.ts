import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/** POST admin/users/{id}/resend-invitation/: sends a new invitation; the earlier link stops working. */
export function resendInvitation(userId: string): Promise<DetailResponse> {
  return apiRequest('adminResendInvitation', { params: { userId } });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_QUERY_KEY] }),
  });
}
