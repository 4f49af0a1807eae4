import { MESSAGES } from '@carevoice/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_COUNT } from '@/config/constants';
import { paths } from '@/config/paths';
import { ApiError, isSessionEnded } from '@/lib/api-error';
import { removeTokenCookie } from '@/lib/token-cookie';

const SESSION_ENDED_TOAST_ID = 'session-ended';

export interface AppQueryClientOptions {
  /** Moves to another route (the router's `navigate`). */
  navigate: (to: string) => Promise<void>;
  /** Tests turn retries off so failures show at once. */
  retry?: boolean;
}

/**
 * The app's QueryClient. It is also the one place that reacts to an ended session: any 401 from
 * a call that needs a session (an expired, idle or revoked session) removes the `token` cookie,
 * says so and goes to Login, which then drops every cached answer of the previous user (see
 * routes/login.tsx: clearing here, while the guarded screen is still mounted, would make its
 * queries fetch again and fail again).
 */
export function createAppQueryClient({ navigate, retry = true }: AppQueryClientOptions) {
  const onError = (error: unknown) => {
    if (!isSessionEnded(error)) return;
    removeTokenCookie();
    // react-toastify comes with the screens (and the toast area), not with the entry bundle.
    void import('react-toastify')
      .then(({ toast }) => toast.info(MESSAGES.sessionExpired, { toastId: SESSION_ENDED_TOAST_ID }))
      .catch(() => undefined);
    void navigate(paths.login);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: retry
          ? (failures, error) => failures < QUERY_RETRY_COUNT && isRetryable(error)
          : false,
      },
      mutations: { retry: false },
    },
  });
}

/** A read is worth repeating when no answer came or the server had a passing fault. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || (error.status ?? 0) >= 500;
}
