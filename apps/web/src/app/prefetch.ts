import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { sendRequest } from '@/lib/api-send';
import { queryKeys } from '@/lib/query-keys';
import { readTokenCookie } from '@/lib/token-cookie';

/*
 * Calls a screen makes as soon as it renders, started instead when its route is matched: the
 * request goes out while the screen's code is still downloading, rather than after it has
 * arrived, run and rendered. Only the sending is here (in the entry bundle); the answer is read
 * with the screen's own schema, from the chunk the screen loads anyway, into the same cache
 * entry the screen's hook uses (lib/query-keys.ts). Without the `token` cookie nothing is sent:
 * the guard sends the visitor to Login.
 *
 * On a page's first load the server has usually asked for the same calls already, from the page
 * itself (`<link rel="preload" as="fetch">`, apps/server/src/plugins/web.ts, which learns a
 * route's calls from the `prefetchCalls` of the route table); the browser then hands that answer
 * to the fetch made here.
 */

/** The `sf_user_id` of the profile in the `token` cookie, if there is one. */
function cookieUserId(): string | undefined {
  const profile = readTokenCookie();
  const id =
    typeof profile === 'object' && profile !== null && 'sf_user_id' in profile
      ? profile.sf_user_id
      : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** What each call puts into the cache, by its endpoint name in the shared contract. */
const PREFETCHES = {
  /** The session check the guard makes before showing any screen (layouts/guard-layout.tsx). */
  me(queryClient: QueryClient) {
    if (cookieUserId() === undefined) return;
    void queryClient.prefetchQuery({
      queryKey: queryKeys.me(),
      queryFn: async ({ signal }) => {
        const [answer, { readMe }] = await Promise.all([
          sendRequest('me', { signal }),
          import('@/features/auth/api/get-me'),
        ]);
        return readMe(answer);
      },
    });
  },

  /** The permission types and facilities of the signed-in user (Home, the due list). */
  permissions(queryClient: QueryClient) {
    const sfUserId = cookieUserId();
    if (sfUserId === undefined) return;
    void queryClient.prefetchQuery({
      queryKey: queryKeys.facilityPermissions(sfUserId),
      queryFn: async ({ signal }) => {
        const [answer, { readFacilityPermissions }] = await Promise.all([
          sendRequest('permissions', { params: { sfUserId }, signal }),
          import('@/features/home/api/get-facility-permissions'),
        ]);
        return readFacilityPermissions(answer);
      },
    });
  },
} satisfies Record<string, (queryClient: QueryClient) => void>;

export type PrefetchedCall = keyof typeof PREFETCHES;

/**
 * A route `loader` that starts these calls while the router fetches the route's code. It waits
 * for nothing, so the screen shows as soon as its code is there. The build reads the names from
 * the route table (apps/web/build/route-preloads.ts): keep them string literals.
 */
export function prefetchCalls(
  queryClient: QueryClient,
  ...calls: PrefetchedCall[]
): LoaderFunction {
  return () => {
    for (const call of calls) PREFETCHES[call](queryClient);
    return null;
  };
}
