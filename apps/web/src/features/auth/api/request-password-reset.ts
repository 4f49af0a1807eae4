import { type ResetRequest, type ResetRequestResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST reset-password/request/: mails a one-time code. The answer is an opaque reset id, the same
 * whether or not an account exists for the address.
 */
export function requestPasswordReset(body: ResetRequest): Promise<ResetRequestResponse> {
  return apiRequest('resetRequest', { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
