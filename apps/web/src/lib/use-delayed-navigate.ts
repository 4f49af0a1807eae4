import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * Navigates after a pause (the spec's redirect delays after a success toast), and forgets it if
 * the screen goes away first, so a person who already moved on is not pulled back.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number, state?: unknown) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to, { state }), delayMs);
    },
    [navigate],
  );
}
