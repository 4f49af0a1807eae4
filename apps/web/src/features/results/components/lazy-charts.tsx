import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

/*
 * The charts module (charts.tsx, with @mantine/charts and recharts) fetched on first use, in its
 * own chunk: the results screens show their figures and tables at once, the pictures a moment
 * later. Each chart sits in an aria-hidden box: the table beside it is what assistive technology
 * reads.
 */
const load = () => import('./charts');
const LazyCountBars = lazy(() => load().then((module) => ({ default: module.CountBars })));
const LazyHistogram = lazy(() => load().then((module) => ({ default: module.Histogram })));
const LazyPercentLines = lazy(() => load().then((module) => ({ default: module.PercentLines })));

function ChartBox({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div aria-hidden="true" style={{ minHeight: height }} data-chart>
      <Suspense fallback={<Skeleton height={height} radius="md" />}>{children}</Suspense>
    </div>
  );
}

export function CountBarsChart(props: ComponentProps<typeof LazyCountBars>) {
  return (
    <ChartBox height={Math.max(120, props.data.length * 36 + 40)}>
      <LazyCountBars {...props} />
    </ChartBox>
  );
}

export function HistogramChart(props: ComponentProps<typeof LazyHistogram>) {
  return (
    <ChartBox height={180}>
      <LazyHistogram {...props} />
    </ChartBox>
  );
}

export function PercentLinesChart(props: ComponentProps<typeof LazyPercentLines>) {
  return (
    <ChartBox height={220}>
      <LazyPercentLines {...props} />
    </ChartBox>
  );
}
