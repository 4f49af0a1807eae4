import { UNLISTED_SEARCH_MIN_CHARS, type UnlistedResident } from '@carevoice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET get-unlisted-patients/{facilityId}/{searchText}/: active residents of the facility whose
 * name or client id contains the text (ADR 005).
 */
export async function getUnlistedResidents(
  facilityId: string,
  searchText: string,
  signal?: AbortSignal,
): Promise<UnlistedResident[]> {
  const response = await apiRequest('unlistedResidents', {
    params: { facilityId, searchText },
    signal,
  });
  return response.data;
}

export const unlistedResidentsQueryOptions = (facilityId: string, searchText: string) =>
  queryOptions({
    queryKey: ['unlisted-residents', facilityId, searchText],
    queryFn: ({ signal }) => getUnlistedResidents(facilityId, searchText, signal),
  });

/**
 * The search for `searchText` (already trimmed and debounced by the caller). Nothing is asked
 * for fewer than UNLISTED_SEARCH_MIN_CHARS characters (spec §5). While a new search runs, the
 * previous results stay on screen.
 */
export function useUnlistedResidents(facilityId: string, searchText: string) {
  return useQuery({
    ...unlistedResidentsQueryOptions(facilityId, searchText),
    enabled: searchText.length >= UNLISTED_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
