import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The first-run checklist (ADR 051), fetched only where it is shown (the overview, and the frame
 * while two-factor sign-in is required): a chunk of its own, not in every admin page's first load.
 */
const Checklist = lazy(() =>
  import('@/features/admin-setup').then((module) => ({ default: module.FirstRunChecklist })),
);

export function FirstRunChecklist(props: ComponentProps<typeof Checklist>) {
  return (
    <Suspense fallback={null}>
      <Checklist {...props} />
    </Suspense>
  );
}
