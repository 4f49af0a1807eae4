import { type AcknowledgementListResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every cached acknowledgement list starts with this key, so one invalidation refreshes them. */
export const ACKNOWLEDGEMENTS_QUERY_KEY = 'acknowledgements';

/**
 * GET acknowledgement-employee-list/{facilityId}/: the facility's pending acknowledgements, one
 * entry per employee (by name) with the reviews waiting for a decision.
 */
export function getAcknowledgements(
  facilityId: string,
  signal?: AbortSignal,
): Promise<AcknowledgementListResponse> {
  return apiRequest('acknowledgements', {
    params: { facilityId },
    signal,
  });
}

export const acknowledgementsQueryOptions = (facilityId: string) =>
  queryOptions({
    queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId],
    queryFn: ({ signal }) => getAcknowledgements(facilityId, signal),
  });

export function useAcknowledgements(facilityId: string) {
  return useQuery(acknowledgementsQueryOptions(facilityId));
}
