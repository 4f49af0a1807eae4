import {
  COREQ_EXCLUSION_LABELS,
  COREQ_EXCLUSIONS,
  COREQ_NOT_REPORTABLE_LABELS,
  COREQ_PERIODS,
  INSTRUMENT_IDS,
  RESULTS_TEXT,
  type CoreqPeriod,
  type CoreqPeriodFigures,
  type CoreqQuery,
  type InstrumentId,
} from '@carevoice/shared';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { errorMessage } from '@/lib/api-error';
import {
  downloadCoreqExport,
  type CoreqExportFormat,
  type CoreqExportKind,
} from '../api/export-coreq';
import { useResultsCoreq } from '../api/get-coreq';
import { EmptyState, LoadFailed, LoadingBlocks } from './load-state';

const text = RESULTS_TEXT.coreq;
const ALL = 'all';

const percent = (share: number | null) =>
  share === null ? '—' : `${(Math.round(share * 1000) / 10).toFixed(1)} %`;

/** The score as shown: a percentage, or "Not reportable" with the gate — never a number below it. */
function scoreText(period: CoreqPeriodFigures): string {
  if (period.score === null || !period.reportable) {
    const reason =
      period.not_reportable_reason === null
        ? ''
        : `: ${COREQ_NOT_REPORTABLE_LABELS[period.not_reportable_reason]}`;
    return `${text.notReportable}${reason}`;
  }
  return `${period.score.toFixed(1)} %`;
}

function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
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

function ExportBar({ query }: { query: CoreqQuery }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [running, setRunning] = useState(false);
  const run = async (kind: CoreqExportKind, format: CoreqExportFormat) => {
    setRunning(true);
    setMessage(null);
    try {
      const file = await downloadCoreqExport(kind, format, query);
      setMessage({ ok: true, text: RESULTS_TEXT.exports.done(file) });
    } catch (error) {
      setMessage({ ok: false, text: `${text.exports.failed} ${errorMessage(error)}` });
    } finally {
      setRunning(false);
    }
  };
  const buttons: [CoreqExportKind, CoreqExportFormat, string][] = [
    ['export', 'csv', text.exports.respondentsCsv],
    ['export', 'xlsx', text.exports.respondentsXlsx],
    ['summary', 'csv', text.exports.summaryCsv],
    ['summary', 'xlsx', text.exports.summaryXlsx],
  ];
  return (
    <Stack gap={4} align="flex-end" data-print-hide>
      <Group gap="xs">
        {buttons.map(([kind, format, label]) => (
          <Button
            key={`${kind}-${format}`}
            variant="default"
            disabled={running}
            onClick={() => void run(kind, format)}
          >
            {label}
          </Button>
        ))}
      </Group>
      {message ? (
        <Text size="sm" role={message.ok ? 'status' : 'alert'} c={message.ok ? undefined : 'red.8'}>
          {message.text}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * /results/coreq: the CoreQ measure (DESIGN §9, ADR 054) for a measure and a kind of period, for
 * all the user's facilities or one: the latest period's score (or "Not reportable" and the gate),
 * satisfied / valid, response rate, item averages and exclusions by reason, every period in a
 * table, the facilities side by side, and the exports. The choices live in the page's address.
 */
export function CoreqScreen() {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const [params, setParams] = useSearchParams();
  const instrumentParam = params.get('instrument');
  const instrument = (INSTRUMENT_IDS as readonly string[]).includes(instrumentParam ?? '')
    ? (instrumentParam as InstrumentId)
    : undefined;
  const periodParam = params.get('period');
  const period: CoreqPeriod = (COREQ_PERIODS as readonly string[]).includes(periodParam ?? '')
    ? (periodParam as CoreqPeriod)
    : 'month';
  const facility = params.get('facility') ?? ALL;
  const query: CoreqQuery = { period, ...(instrument ? { instrument } : {}) };
  const coreq = useResultsCoreq(query);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };

  const data = coreq.data;
  const shown = data?.instrument ?? instrument ?? 'coreq-ss';
  const facilities = permissions.data?.facilities ?? [];
  const periods =
    data === undefined
      ? []
      : facility === ALL
        ? data.all.periods
        : (data.facilities.find((row) => row.facility_id === facility)?.periods ?? []);
  const latest = periods.at(-1);
  const nothingGiven = periods.every((row) => row.given === 0);
  const exportQuery: CoreqQuery = {
    ...query,
    instrument: shown,
    ...(facility === ALL ? {} : { facility_id: [facility] }),
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{text.heading}</Title>
        <Text>{text.intro}</Text>
      </Stack>
      <Paper
        withBorder
        radius="lg"
        p="md"
        component="section"
        aria-label={text.heading}
        data-print-hide
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={text.instrument}
            data={INSTRUMENT_IDS.map((id) => ({ value: id, label: text.instruments[id] }))}
            value={shown}
            allowDeselect={false}
            onChange={(value) => set('instrument', value)}
          />
          <Select
            label={text.facility}
            data={[
              { value: ALL, label: text.allFacilities },
              ...facilities.map((row) => ({ value: row.id, label: row.name })),
            ]}
            value={facility}
            allowDeselect={false}
            onChange={(value) => set('facility', value === ALL ? null : value)}
          />
        </SimpleGrid>
        <Stack gap={4} mt="md">
          <Text size="sm" fw={500} id="coreq-period-label">
            {text.period}
          </Text>
          <SegmentedControl
            aria-labelledby="coreq-period-label"
            data={COREQ_PERIODS.map((value) => ({ value, label: text.periods[value] }))}
            value={period}
            onChange={(value) => set('period', value)}
          />
        </Stack>
      </Paper>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={560}>
          {text.rules}
        </Text>
        <ExportBar query={exportQuery} />
      </Group>

      {coreq.isPending ? (
        <LoadingBlocks />
      ) : coreq.isError ? (
        <LoadFailed
          error={coreq.error}
          retrying={coreq.isFetching}
          onRetry={() => void coreq.refetch()}
        />
      ) : nothingGiven || latest === undefined ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <>
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
                value={String(latest.satisfied)}
                help={text.satisfiedOfValid(latest.satisfied, latest.valid)}
              />
              <Figure
                label={text.responseRate}
                value={percent(latest.response_rate)}
                help={`${text.responseRateHelp}: ${latest.valid} ÷ ${latest.given}`}
              />
              <Figure label={text.responded} value={`${latest.responded} / ${latest.given}`} />
            </SimpleGrid>
          </Stack>

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
            <Paper
              withBorder
              radius="lg"
              p="md"
              component="section"
              aria-labelledby="coreq-excluded"
            >
              <Title order={3} size="h4" id="coreq-excluded" mb="xs">
                {text.excluded}
              </Title>
              {Object.keys(latest.excluded).length === 0 ? (
                <Text>{text.noExclusions}</Text>
              ) : (
                <Table>
                  <Table.Tbody>
                    {COREQ_EXCLUSIONS.filter((reason) => latest.excluded[reason] !== undefined).map(
                      (reason) => (
                        <Table.Tr key={reason}>
                          <Table.Th scope="row">{COREQ_EXCLUSION_LABELS[reason]}</Table.Th>
                          <Table.Td>{latest.excluded[reason]}</Table.Td>
                        </Table.Tr>
                      ),
                    )}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          </SimpleGrid>

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
                      <Table.Td>{row.given}</Table.Td>
                      <Table.Td>{row.valid}</Table.Td>
                      <Table.Td>{row.satisfied}</Table.Td>
                      <Table.Td>{percent(row.response_rate)}</Table.Td>
                      <Table.Td>{scoreText(row)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>

          {facility === ALL && data && data.facilities.length > 1 ? (
            <Paper
              withBorder
              radius="lg"
              p="md"
              component="section"
              aria-labelledby="coreq-facilities"
            >
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
                  {data.facilities.map((row) => {
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
          ) : null}
        </>
      )}
    </Stack>
  );
}
