/**
 * Keys of the queries that app/prefetch.ts starts before their screen's code has arrived, so the
 * prefetch and the screen's own hook share one cache entry (and one request).
 */
export const queryKeys = {
  me: () => ['me'] as const,
  facilityPermissions: (sfUserId: string) => ['facility-permissions', sfUserId] as const,
};
