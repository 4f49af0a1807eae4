import { startTransition, useEffect, useState } from 'react';
import { SECOND_PASS_MAX_WAIT_MS } from '@/config/constants';

/**
 * False on a screen's first render, then true in a second render that starts once the first has
 * been painted, as a transition (interruptible, in slices of a few milliseconds). A screen renders
 * its heading and frame first and its fields and lists in the second pass: the heading paints
 * without waiting for the heavier part (Mantine's inputs position their dropdowns and measure
 * themselves as they mount, a date field fetches the calendar's code, a list asks the server), and
 * the work is split into shorter tasks instead of one long one that blocks input.
 *
 * Not `useDeferredValue(true, false)`, which this was: React skips a deferred value's initial
 * value in a render that is itself deferred, and on a cold load the screen's first render is one
 * (the guard defers the screen until the session check has answered, layouts/guard-layout.tsx).
 * Both passes were then one render, and the heading (the page's largest content) was painted only
 * after all of it: docs/performance.md, "The due list's heading".
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    let done = false;
    const start = () => {
      if (done) return;
      done = true;
      startTransition(() => setSecond(true));
    };
    // An animation frame's callback runs just before that frame is painted: a task queued from it
    // runs after the paint. The timer covers a page that paints no frames (a hidden tab).
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(start, 0);
    });
    const fallback = setTimeout(start, SECOND_PASS_MAX_WAIT_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      clearTimeout(fallback);
    };
  }, []);
  return second;
}
