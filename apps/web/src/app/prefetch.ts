import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { paths } from '@/config/paths';
import { readTokenCookie } from '@/lib/token-cookie';

/*
 * Calls a screen makes as soon as it renders, started instead when its route is matched, into
 * the cache entry the screen's own hook reads (the same `queryOptions`). The query modules are
 * imported here on demand, so the entry bundle holds neither them nor the contract's schemas;
 * they sit in a chunk the server preloads with every page (apps/server/src/plugins/web.ts), and
 * on a first load the page itself has already asked for the same calls
 * (`<link rel="preload" as="fetch">`), whose answers the browser hands to these requests.
 * Without the `token` cookie nothing is sent: the guard sends the visitor to Login.
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
  async me(queryClient: QueryClient) {
    if (cookieUserId() === undefined) return;
    const { meQueryOptions } = await import('@/features/auth/api/get-me');
    await queryClient.prefetchQuery(meQueryOptions());
  },

  /** The permission types and facilities of the signed-in user (Home, the due list). */
  async permissions(queryClient: QueryClient) {
    const sfUserId = cookieUserId();
    if (sfUserId === undefined) return;
    const { facilityPermissionsQueryOptions } =
      await import('@/features/home/api/get-facility-permissions');
    await queryClient.prefetchQuery(facilityPermissionsQueryOptions(sfUserId));
  },

  /**
   * The due list of the facility and survey type in the page's navigation state, when the page
   * loaded is the due list itself (a reload, the bench's cold load): asked alongside the screen's
   * code instead of once the screen has rendered. Inside the app the router runs a route's loader
   * before the new history entry exists, so a navigation into the due list is left to the screen.
   */
  async surveyList(queryClient: QueryClient) {
    if (cookieUserId() === undefined || window.location.pathname !== paths.patientSurvey) return;
    const [{ pageFlowState, SurveyListFlowStateSchema }, { surveyListQueryOptions }] =
      await Promise.all([
        import('@/lib/flow-state'),
        import('@/features/surveys/api/get-survey-list'),
      ]);
    const flow = pageFlowState(SurveyListFlowStateSchema);
    if (flow === undefined) return;
    await queryClient.prefetchQuery(surveyListQueryOptions(flow.facility_id, flow.surveyType));
  },
} satisfies Record<string, (queryClient: QueryClient) => Promise<void>>;

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
    for (const call of calls) void PREFETCHES[call](queryClient).catch(() => undefined);
    return null;
  };
}
