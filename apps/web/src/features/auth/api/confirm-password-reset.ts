import { type MsgResponse, type ResetConfirm } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST reset-password/: sets the new password when the code is right. */
export function confirmPasswordReset(body: ResetConfirm): Promise<MsgResponse> {
  return apiRequest('resetConfirm', { body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
