import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { IDLE_LOCK_CHECK_MS } from '@/config/constants';
import { readLockOwner, subscribeToLock, writeLockOwner, writeLockPlace } from '@/lib/storage';

/** What counts as someone using the tablet: a touch, a click, a key, a scroll wheel. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * The shared tablet's lock (issue 17, ADR 025): after `minutes` without a touch or a key the
 * screen locks for `userId` (0: never). The lock is kept on the device, so a reload, a second
 * tab or the Back button finds it locked too; only unlocking or ending the session lifts it.
 * Returns whether the screen is locked.
 */
export function useIdleLock(minutes: number, userId: string): boolean {
  const owner = useSyncExternalStore(subscribeToLock, readLockOwner);
  const locked = owner === userId;
  const location = useLocation();
  const place = useRef(location);
  if (!locked) place.current = location;

  useEffect(() => {
    if (minutes <= 0 || locked) return;
    const limitMs = minutes * 60_000;
    let lastActivity = Date.now();
    const active = () => {
      lastActivity = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, active, { capture: true, passive: true });
    }
    const timer = setInterval(
      () => {
        if (Date.now() - lastActivity < limitMs) return;
        writeLockPlace({ pathname: place.current.pathname, state: place.current.state });
        writeLockOwner(userId);
      },
      Math.min(IDLE_LOCK_CHECK_MS, limitMs),
    );
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, active, { capture: true });
      }
    };
  }, [minutes, locked, userId]);

  return locked;
}
