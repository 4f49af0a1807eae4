import { IDLE_LOCK_MINUTES_DEFAULT, UI_TEXT, type UserProfile } from '@carevoice/shared';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { useIdleLock } from '@/features/auth/hooks/use-idle-lock';
import { SessionProvider } from '@/features/auth/hooks/use-session';
import { isSessionEnded } from '@/lib/api-error';
import { readTokenProfile } from '@/features/auth/token-profile';

/**
 * The guard (spec §2): without the `token` cookie, Login. With it, the server is asked whether
 * the session is still alive before any page shows; a 401 is handled by the QueryClient (cookie
 * removed, Login). When the server cannot be reached the page stays usable on the cookie's
 * profile, and the next call that reaches the server decides; a page opened without a connection
 * (a reload in a dead spot, served by the service worker, ADR 032) does not wait for the server
 * at all. After IDLE_LOCK_MINUTES without a touch the screen locks (ADR 025): the lock screen
 * stands in for every screen behind the guard.
 */
/** The lock screen, in a chunk of its own, fetched as soon as the guard shows (ADR 025). */
const loadLockScreen = () => import('@/features/auth/components/lock-screen');
const LockScreen = lazy(() => loadLockScreen().then((module) => ({ default: module.LockScreen })));

export default function GuardLayout() {
  const cookieProfile = readTokenProfile();
  if (!cookieProfile) return <Navigate to={paths.login} replace />;
  return <SessionCheck cookieProfile={cookieProfile} />;
}

function SessionCheck({ cookieProfile }: { cookieProfile: UserProfile }) {
  const me = useMe();
  // Opened offline: the server cannot be asked; `me/` is still sent and decides once it answers.
  const [openedOffline] = useState(() => !navigator.onLine);
  const profile = me.data ?? cookieProfile;
  const locked = useIdleLock(
    me.data?.idle_lock_minutes ?? IDLE_LOCK_MINUTES_DEFAULT,
    profile.sf_user_id,
  );
  // Fetched now, while the connection is there: a tablet may lock in a dead spot.
  useEffect(() => void loadLockScreen(), []);
  const checking = (me.isPending && !openedOffline) || isSessionEnded(me.error);
  // The answer arrives as a synchronous store update; rendering the whole screen in it would be
  // one long task. Deferred, the screen renders as an interruptible background update instead.
  const stillChecking = useDeferredValue(checking);
  if (checking || stillChecking) {
    return <FullPageLoader label={UI_TEXT.shell.checkingSession} />;
  }
  return (
    <SessionProvider profile={profile}>
      {locked ? (
        <Suspense fallback={<FullPageLoader label={UI_TEXT.shell.checkingSession} />}>
          <LockScreen name={profile.name} />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </SessionProvider>
  );
}
