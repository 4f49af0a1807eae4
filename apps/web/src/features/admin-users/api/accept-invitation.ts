import type { AcceptInvitationRequest, DetailResponse } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST users/invitations/accept/ (public): the token from the link and the new password. */
export function acceptInvitation(body: AcceptInvitationRequest): Promise<DetailResponse> {
  return apiRequest('acceptInvitation', { body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
