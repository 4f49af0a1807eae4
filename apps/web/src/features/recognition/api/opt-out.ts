import type { DetailResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST recognition/opt-out/ (public): the token's employee receives no more recognition mails. */
export function optOut(token: string): Promise<DetailResponse> {
  return apiRequest('recognitionOptOut', { body: { token } });
}

export function useOptOut() {
  return useMutation({ mutationFn: optOut });
}
