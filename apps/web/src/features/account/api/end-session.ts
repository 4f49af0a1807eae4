import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/** POST account/sessions/{id}/end/: signs out one of the user's sessions. */
export function endSession(sessionId: string): Promise<DetailResponse> {
  return apiRequest('accountEndSession', { params: { sessionId } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}
