import { type ConsentRefusedRequest, type DetailResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST consent-refused/: the survey closes as consent refused, with who declined (ADR 026). */
export function consentRefused(body: ConsentRefusedRequest): Promise<DetailResponse> {
  return apiRequest('consentRefused', { body });
}

export function useConsentRefused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: consentRefused,
    // The survey left the due list.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
