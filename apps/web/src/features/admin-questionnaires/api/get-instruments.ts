import { type InstrumentListResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET admin/instruments/ (ADR 052): the validated instruments, their items scored. */
export function getInstruments(signal?: AbortSignal): Promise<InstrumentListResponse> {
  return apiRequest('adminInstruments', { signal });
}

export const instrumentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-instruments'],
    queryFn: ({ signal }) => getInstruments(signal),
    // Written in the code: they change only with a new release.
    staleTime: Infinity,
  });

export function useInstruments() {
  return useQuery(instrumentsQueryOptions());
}
