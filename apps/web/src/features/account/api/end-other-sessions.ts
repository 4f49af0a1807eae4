import type { DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/** POST account/sessions/end-others/: signs out every session but this one. */
export function endOtherSessions(): Promise<DetailResponse> {
  return apiRequest('accountEndOtherSessions');
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}
