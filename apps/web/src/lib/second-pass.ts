import { useDeferredValue } from 'react';

/**
 * False on a screen's first render, then true in a second render that React makes right after, in
 * the background (interruptible, in slices of a few milliseconds). A screen renders its heading
 * and frame first and its fields and lists in the second pass: the heading paints without waiting
 * for the heavier part (Mantine's inputs position their dropdowns and measure themselves as they
 * mount), and the work is split into shorter tasks instead of one long one that blocks input.
 */
export function useSecondPass(): boolean {
  return useDeferredValue(true, false);
}
