import { type AccountResponse } from '@carevoice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ACCOUNT_QUERY_KEY = 'account';

/** GET account/: name, email, second factor, and where the user is signed in. */
export function getAccount(signal?: AbortSignal): Promise<AccountResponse> {
  return apiRequest('account', { signal });
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: [ACCOUNT_QUERY_KEY], queryFn: ({ signal }) => getAccount(signal) });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
