import {
  DISCHARGE_REASONS,
  RESULTS_TEXT,
  type ResultsFacilitySummary,
  type ResultsMonth,
} from '@carevoice/shared';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { writeFilters, type ResultsFilters } from '../filters';
import { PercentLinesChart } from './lazy-charts';
import { ChartWithTable } from './table-toggle';

const text = RESULTS_TEXT.summary;

/** A rate 0–1 as a whole percentage, `–` when there is none. */
export function percent(rate: number | null): string {
  return rate === null ? text.none : `${Math.round(rate * 100)}%`;
}

function days(value: number | null): string {
  return value === null ? text.none : text.days(Math.round(value * 10) / 10);
}

function notCompletable(facility: ResultsFacilitySummary): number {
  return Object.values(facility.not_completable).reduce((sum, n) => sum + (n ?? 0), 0);
}

/** The drill-down of a facility's completed (or partial) surveys. */
export function completedLink(
  filters: ResultsFilters,
  facilityId: string,
  status: 'completed' | 'partial' = 'completed',
): string {
  const params = writeFilters({ ...filters, facilityIds: [facilityId] }, { status });
  return `${paths.resultsSurveys}?${params.toString()}`;
}

/** Interviews ended early (ADR 060): counted apart from completed, a link to them when any. */
function PartialFigure({
  facility,
  filters,
}: {
  facility: ResultsFacilitySummary;
  filters: ResultsFilters;
}) {
  if (facility.partial === 0) return <>{facility.partial}</>;
  return (
    <Anchor
      component={Link}
      to={completedLink(filters, facility.facility_id, 'partial')}
      inherit
      aria-label={text.partialCount(facility.partial)}
    >
      {facility.partial}
    </Anchor>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} component="div">
        {children}
      </Text>
    </div>
  );
}

/** One facility's figures, the completed count a link to the surveys behind it. */
function FacilityCard({
  facility,
  filters,
}: {
  facility: ResultsFacilitySummary;
  filters: ResultsFilters;
}) {
  const reasons = DISCHARGE_REASONS.map((reason) => ({
    reason,
    n: facility.not_completable[reason] ?? 0,
  })).filter(({ n }) => n > 0);
  return (
    <Paper withBorder radius="lg" p="md" component="article" data-print-block>
      <Stack gap="sm">
        <Title order={3}>{facility.facility_name}</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={text.due}>{facility.due}</Figure>
          <Figure label={text.completed}>
            {facility.completed > 0 ? (
              <Anchor
                component={Link}
                to={completedLink(filters, facility.facility_id)}
                inherit
                aria-label={text.showCompleted(facility.facility_name, facility.completed)}
              >
                {facility.completed}
              </Anchor>
            ) : (
              facility.completed
            )}
          </Figure>
          <Figure label={text.responseRate}>{percent(facility.response_rate)}</Figure>
          <Figure label={text.medianDays}>{days(facility.median_days_to_complete)}</Figure>
          <Figure label={text.delayed}>{facility.delayed}</Figure>
          <Figure label={text.open}>{facility.open}</Figure>
          <Figure label={text.notCompletable}>{notCompletable(facility)}</Figure>
          <Figure label={text.consentRefused}>{facility.consent_refused}</Figure>
          <Figure label={text.partial}>
            <PartialFigure facility={facility} filters={filters} />
          </Figure>
        </SimpleGrid>
        {reasons.length > 0 ? (
          <Group gap="md">
            {reasons.map(({ reason, n }) => (
              <Text key={reason} size="sm">
                {text.reason(reason)}: <strong>{n}</strong>
              </Text>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Several facilities: their figures side by side, one row each. */
function ComparisonTable({
  facilities,
  filters,
}: {
  facilities: readonly ResultsFacilitySummary[];
  filters: ResultsFilters;
}) {
  return (
    <Stack gap="xs" data-print-block>
      <Title order={3}>{text.comparison}</Title>
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{text.facility}</Table.Th>
              <Table.Th scope="col">{text.due}</Table.Th>
              <Table.Th scope="col">{text.completed}</Table.Th>
              <Table.Th scope="col">{text.responseRate}</Table.Th>
              <Table.Th scope="col">{text.medianDays}</Table.Th>
              <Table.Th scope="col">{text.delayed}</Table.Th>
              <Table.Th scope="col">{text.notCompletable}</Table.Th>
              <Table.Th scope="col">{text.consentRefused}</Table.Th>
              <Table.Th scope="col">{text.partial}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {facilities.map((facility) => (
              <Table.Tr key={facility.facility_id}>
                <Table.Th scope="row">{facility.facility_name}</Table.Th>
                <Table.Td>{facility.due}</Table.Td>
                <Table.Td>
                  {facility.completed > 0 ? (
                    <Anchor
                      component={Link}
                      to={completedLink(filters, facility.facility_id)}
                      aria-label={text.showCompleted(facility.facility_name, facility.completed)}
                    >
                      {facility.completed}
                    </Anchor>
                  ) : (
                    facility.completed
                  )}
                </Table.Td>
                <Table.Td>{percent(facility.response_rate)}</Table.Td>
                <Table.Td>{days(facility.median_days_to_complete)}</Table.Td>
                <Table.Td>{facility.delayed}</Table.Td>
                <Table.Td>{notCompletable(facility)}</Table.Td>
                <Table.Td>{facility.consent_refused}</Table.Td>
                <Table.Td>
                  <PartialFigure facility={facility} filters={filters} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The response rate by month: a line, and the table it draws. */
function MonthTrend({ months }: { months: readonly ResultsMonth[] }) {
  const data = months.map((month) => ({
    month: month.month,
    rate: month.response_rate === null ? null : Math.round(month.response_rate * 100),
  }));
  return (
    <Stack gap="xs" data-print-block>
      <Title order={3}>{text.byMonth}</Title>
      <ChartWithTable
        chart={
          <PercentLinesChart
            data={data}
            series={[{ name: 'rate', label: text.responseRate, color: 'brand.6' }]}
          />
        }
        table={
          <Table withTableBorder verticalSpacing={4}>
            <caption>{text.byMonth}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.month}</Table.Th>
                <Table.Th scope="col">{text.due}</Table.Th>
                <Table.Th scope="col">{text.completed}</Table.Th>
                <Table.Th scope="col">{text.responseRate}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((month) => (
                <Table.Tr key={month.month}>
                  <Table.Th scope="row">{month.month}</Table.Th>
                  <Table.Td>{month.due}</Table.Td>
                  <Table.Td>{month.completed}</Table.Td>
                  <Table.Td>{percent(month.response_rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </Stack>
  );
}

/** The overview: a card per facility, the comparison when several, the trend by month. */
export function SummarySection({
  facilities,
  months,
  filters,
}: {
  facilities: readonly ResultsFacilitySummary[];
  months: readonly ResultsMonth[];
  filters: ResultsFilters;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby="results-overview">
      <Title order={2} id="results-overview">
        {text.heading}
      </Title>
      {facilities.length > 1 ? <ComparisonTable facilities={facilities} filters={filters} /> : null}
      <SimpleGrid cols={{ base: 1, lg: facilities.length > 1 ? 2 : 1 }} spacing="md">
        {facilities.map((facility) => (
          <FacilityCard key={facility.facility_id} facility={facility} filters={filters} />
        ))}
      </SimpleGrid>
      {months.length > 0 ? <MonthTrend months={months} /> : null}
    </Stack>
  );
}
