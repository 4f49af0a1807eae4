import {
  COREQ_PERIODS,
  INSTRUMENT_IDS,
  RESULTS_TEXT,
  type CoreqPeriod,
  type CoreqQuery,
  type InstrumentId,
} from '@carevoice/shared';
import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { useResultsCoreq } from '../api/get-coreq';
import { CoreqDrillDown, type CoreqDrill } from './coreq-drill-down';
import { ExportBar } from './coreq-export-bar';
import { FacilitiesTable, ItemsAndExclusions, LatestFigures, TrendTable } from './coreq-panels';
import { EmptyState, LoadFailed, LoadingBlocks } from './load-state';

const text = RESULTS_TEXT.coreq;
const ALL = 'all';

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
  const [target, setTarget] = useState<CoreqDrill | null>(null);
  const open = (next: CoreqDrill) => setTarget(next);
  const set = (key: string, value: string | null) => {
    setTarget(null);
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
          <LatestFigures latest={latest} onOpen={open} />
          <ItemsAndExclusions latest={latest} onOpen={open} />
          <TrendTable periods={periods} onOpen={open} />
          {target ? (
            <CoreqDrillDown
              target={target}
              instrument={shown}
              facilityIds={facility === ALL ? undefined : [facility]}
              onClose={() => setTarget(null)}
            />
          ) : null}
          {facility === ALL && data && data.facilities.length > 1 ? (
            <FacilitiesTable facilities={data.facilities} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
