import { BarChart, LineChart } from '@mantine/charts';

/*
 * The results' charts, drawn with @mantine/charts (recharts). This module and the library are
 * fetched only when a results screen shows its first chart (lazy-charts.tsx), in a chunk of their
 * own. A chart is a picture of a table the screen also renders (visible, or behind "Show table"),
 * so it is hidden from assistive technology and takes no keyboard focus.
 */

/** recharts' keyboard layer off: the table behind each chart is what a keyboard reaches. */
const QUIET = { accessibilityLayer: false } as const;

export interface BarDatum {
  label: string;
  count: number;
}

/** Horizontal bars, one per answer (or per range of a Number question), with their counts. */
export function CountBars({
  data,
  onSelect,
}: {
  data: readonly BarDatum[];
  /** A bar was clicked: the surveys behind it (the table's links do the same by keyboard). */
  onSelect?: (index: number) => void;
}) {
  const height = Math.max(120, data.length * 36 + 40);
  return (
    <BarChart
      h={height}
      data={[...data]}
      dataKey="label"
      orientation="vertical"
      series={[{ name: 'count', color: 'brand.6' }]}
      withTooltip={false}
      withBarValueLabel
      gridAxis="none"
      yAxisProps={{ width: 140 }}
      barChartProps={QUIET}
      barProps={
        onSelect
          ? {
              cursor: 'pointer',
              onClick: (_data: unknown, index: number) => onSelect(index),
            }
          : {}
      }
    />
  );
}

/** Vertical bars: a Number question's histogram. */
export function Histogram({ data }: { data: readonly BarDatum[] }) {
  return (
    <BarChart
      h={180}
      data={[...data]}
      dataKey="label"
      series={[{ name: 'count', color: 'brand.6' }]}
      withTooltip={false}
      withBarValueLabel
      gridAxis="y"
      barChartProps={QUIET}
    />
  );
}

export interface LineSeries {
  name: string;
  label: string;
  color: string;
}

/** Lines by month, in percent (the response rate; each answer's share). */
export function PercentLines({
  data,
  series,
}: {
  data: readonly Record<string, string | number | null>[];
  series: readonly LineSeries[];
}) {
  return (
    <LineChart
      h={220}
      data={[...data]}
      dataKey="month"
      series={[...series]}
      unit="%"
      yAxisProps={{ domain: [0, 100] }}
      withTooltip={false}
      withLegend={series.length > 1}
      withDots
      connectNulls
      lineChartProps={QUIET}
    />
  );
}
