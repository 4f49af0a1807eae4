import {
  COREQ_EXCLUSION_LABELS,
  COREQ_EXCLUSIONS,
  COREQ_NOT_REPORTABLE_LABELS,
  RESULTS_TEXT,
  type CoreqPeriodFigures,
  type CoreqResponse,
} from '@carevoice/shared';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CountButton, type CoreqDrill } from './coreq-drill-down';

const text = RESULTS_TEXT.coreq;

export const percent = (share: number | null) =>
  share === null ? '—' : `${(Math.round(share * 1000) / 10).toFixed(1)} %`;

/** The score as shown: a percentage, or "Not reportable" with the gate — never a number below it. */
export function scoreText(period: CoreqPeriodFigures): string {
  if (period.score === null || !period.reportable) {
    const reason =
      period.not_reportable_reason === null
        ? ''
        : `: ${COREQ_NOT_REPORTABLE_LABELS[period.not_reportable_reason]}`;
    return `${text.notReportable}${reason}`;
  }
  return `${period.score.toFixed(1)} %`;
}

/** Opens the surveys behind a count (ADR 066). */
export type OpenDrill = (target: CoreqDrill) => void;

function Figure({ label, value, help }: { label: string; value: ReactNode; help?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" component="div">
        {value}
      </Text>
      {help ? (
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      ) : null}
    </Paper>
  );
}

/** A count of a period that lists its surveys. */
function Count({
  period,
  count,
  value,
  onOpen,
}: {
  period: CoreqPeriodFigures;
  count: CoreqDrill['count'];
  value: number;
  onOpen: OpenDrill;
}) {
  return (
    <CountButton
      value={value}
      target={{ count, from: period.from, to: period.to }}
      onOpen={onOpen}
    />
  );
}

/** The latest period: score (or the gate), satisfied, response rate, answered of given. */
export function LatestFigures({
  latest,
  onOpen,
}: {
  latest: CoreqPeriodFigures;
  onOpen: OpenDrill;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="coreq-latest">
      <Title order={3} id="coreq-latest">
        {text.range(latest.from, latest.to)}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure
          label={text.score}
          value={latest.reportable ? scoreText(latest) : text.notReportable}
          help={
            latest.reportable || latest.not_reportable_reason === null
              ? text.scoreHelp
              : COREQ_NOT_REPORTABLE_LABELS[latest.not_reportable_reason]
          }
        />
        <Figure
          label={text.satisfied}
          value={
            <Count period={latest} count="satisfied" value={latest.satisfied} onOpen={onOpen} />
          }
          help={text.satisfiedOfValid(latest.satisfied, latest.valid)}
        />
        <Figure
          label={text.responseRate}
          value={percent(latest.response_rate)}
          help={`${text.responseRateHelp}: ${latest.valid} ÷ ${latest.given}`}
        />
        <Figure
          label={text.responded}
          value={
            <>
              <Count period={latest} count="responded" value={latest.responded} onOpen={onOpen} />
              {' / '}
              <Count period={latest} count="given" value={latest.given} onOpen={onOpen} />
            </>
          }
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Each item's average and the responses not valid, by reason, of the latest period. */
export function ItemsAndExclusions({
  latest,
  onOpen,
}: {
  latest: CoreqPeriodFigures;
  onOpen: OpenDrill;
}) {
  const reasons = COREQ_EXCLUSIONS.filter((reason) => latest.excluded[reason] !== undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="coreq-items">
        <Title order={3} size="h4" id="coreq-items" mb="xs">
          {text.items}
        </Title>
        <Table>
          <Table.Tbody>
            {Object.entries(latest.item_averages).map(([key, average]) => (
              <Table.Tr key={key}>
                <Table.Th scope="row">{text.item(key)}</Table.Th>
                <Table.Td>{average === null ? text.noAverage : average.toFixed(2)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="coreq-excluded">
        <Title order={3} size="h4" id="coreq-excluded" mb="xs">
          {text.excluded}
        </Title>
        {reasons.length === 0 ? (
          <Text>{text.noExclusions}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {reasons.map((reason) => (
                <Table.Tr key={reason}>
                  <Table.Th scope="row">{COREQ_EXCLUSION_LABELS[reason]}</Table.Th>
                  <Table.Td>
                    <CountButton
                      value={latest.excluded[reason] ?? 0}
                      target={{ count: 'excluded', reason, from: latest.from, to: latest.to }}
                      onOpen={onOpen}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** Every period, newest first: given, valid, satisfied (each opens its surveys), rate, score. */
export function TrendTable({
  periods,
  onOpen,
}: {
  periods: CoreqPeriodFigures[];
  onOpen: OpenDrill;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="coreq-trend">
      <Title order={3} size="h4" id="coreq-trend" mb="xs">
        {text.trend}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.periodColumn}</Table.Th>
              <Table.Th>{text.given}</Table.Th>
              <Table.Th>{text.valid}</Table.Th>
              <Table.Th>{text.satisfied}</Table.Th>
              <Table.Th>{text.responseRate}</Table.Th>
              <Table.Th>{text.score}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...periods].reverse().map((row) => (
              <Table.Tr key={row.from}>
                <Table.Th scope="row">{text.range(row.from, row.to)}</Table.Th>
                <Table.Td>
                  <Count period={row} count="given" value={row.given} onOpen={onOpen} />
                </Table.Td>
                <Table.Td>
                  <Count period={row} count="valid" value={row.valid} onOpen={onOpen} />
                </Table.Td>
                <Table.Td>
                  <Count period={row} count="satisfied" value={row.satisfied} onOpen={onOpen} />
                </Table.Td>
                <Table.Td>{percent(row.response_rate)}</Table.Td>
                <Table.Td>{scoreText(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The facilities side by side, in the latest period. */
export function FacilitiesTable({ facilities }: { facilities: CoreqResponse['facilities'] }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="coreq-facilities">
      <Title order={3} size="h4" id="coreq-facilities" mb="xs">
        {text.facilities}
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.facility}</Table.Th>
            <Table.Th>{text.valid}</Table.Th>
            <Table.Th>{text.responseRate}</Table.Th>
            <Table.Th>{text.score}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {facilities.map((row) => {
            const last = row.periods.at(-1);
            return (
              <Table.Tr key={row.facility_id}>
                <Table.Th scope="row">{row.facility_name}</Table.Th>
                <Table.Td>{last?.valid ?? 0}</Table.Td>
                <Table.Td>{percent(last?.response_rate ?? null)}</Table.Td>
                <Table.Td>{last ? scoreText(last) : text.noAverage}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
