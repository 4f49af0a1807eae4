import { ADMIN_TEXT, type AuditAction, type AuditEventItem } from '@carevoice/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import { LoadFailed, useAdminFacilities } from '@/features/admin-facilities';
import { errorMessage } from '@/lib/api-error';
import { downloadCsv, useExportAuditEvents } from '../api/export-audit-events';
import { useAuditEvents, type AuditFilters as AuditQuery } from '../api/get-audit-events';
import { rangeReversed } from '@/components/date-range-inputs';
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from './audit-filters';

const text = ADMIN_TEXT.audit;

/** The time zone the days and times are in: the filtered facility's, or UTC (as the server). */
const DEFAULT_TIME_ZONE = 'UTC';

/** Record ids (long hashes, some of them) are cut to this width; the whole id is its title. */
const RECORD_ID_WIDTH = 140;

function queryOf(values: AuditFilterValues): AuditQuery {
  return {
    ...(values.facilityId ? { facility_id: values.facilityId } : {}),
    ...(values.action ? { action: values.action as AuditAction } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.actor ? { actor_id: values.actor.id } : {}),
  };
}

function actionLabel(action: string): string {
  return (text.actions as Record<string, string>)[action] ?? action;
}

function detailText(detail: AuditEventItem['detail']): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** Today as `yyyy-MM-dd` (the download's name). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * /admin/audit: every audited change and sign-in the administrator may see, newest first, a page
 * at a time ("Show more"), filtered by facility, action, days and person (pick a name in the
 * list), and the same events as a CSV download.
 */
export function AuditLogScreen() {
  const facilities = useAdminFacilities();
  const [values, setValues] = useState<AuditFilterValues>(NO_FILTERS);
  const reversed = rangeReversed(values);
  const query = queryOf(values);
  const events = useAuditEvents(query, !reversed);
  const exporter = useExportAuditEvents();

  const facilityList = facilities.data ?? [];
  const facilityNames = new Map(facilityList.map((facility) => [facility.id, facility.name]));
  const timeZone =
    facilityList.find((facility) => facility.id === values.facilityId)?.time_zone ??
    DEFAULT_TIME_ZONE;
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  const download = () =>
    exporter.mutate(query, {
      onSuccess: (csv) => {
        downloadCsv(`audit-log-${today()}.csv`, csv);
        toast.success(text.exported);
      },
      onError: (error) => toast.error(`${text.exportFailed} ${errorMessage(error)}`),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <Title order={2}>{text.heading}</Title>
          <Text c="dimmed">{text.intro}</Text>
        </Stack>
        <Button onClick={download} loading={exporter.isPending} disabled={reversed}>
          {text.export}
        </Button>
      </Group>

      <AuditFilters values={values} facilities={facilityList} onChange={setValues} />
      <Text size="sm" c="dimmed">
        {text.timesIn(timeZone)}
      </Text>

      {reversed ? null : events.isPending ? (
        <Spinner label={ADMIN_TEXT.common.loading} />
      ) : events.isError && items.length === 0 ? (
        <LoadFailed
          error={events.error}
          retrying={events.isFetching}
          onRetry={() => void events.refetch()}
        />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={500}>{text.empty}</Text>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label={text.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.columns.at}</Table.Th>
                  <Table.Th scope="col">{text.columns.actor}</Table.Th>
                  <Table.Th scope="col">{text.columns.action}</Table.Th>
                  <Table.Th scope="col">{text.columns.entity}</Table.Th>
                  <Table.Th scope="col">{text.columns.facility}</Table.Th>
                  <Table.Th scope="col">{text.columns.ip}</Table.Th>
                  <Table.Th scope="col">{text.columns.detail}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={event.at}>{formatter.format(new Date(event.at))}</time>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {event.actor_id === null ? (
                        <Text span c="dimmed">
                          {text.system}
                        </Text>
                      ) : (
                        <Anchor
                          component="button"
                          type="button"
                          onClick={() =>
                            setValues({
                              ...values,
                              actor: {
                                id: event.actor_id ?? '',
                                name: event.actor_name ?? text.unknownActor,
                              },
                            })
                          }
                          aria-label={text.onlyActor(event.actor_name ?? text.unknownActor)}
                        >
                          {event.actor_name ?? text.unknownActor}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {actionLabel(event.action)}
                    </Table.Td>
                    <Table.Td>
                      {event.entity ? <Text size="sm">{event.entity}</Text> : null}
                      {event.entity_id ? (
                        <Text
                          size="xs"
                          c="dimmed"
                          ff="monospace"
                          truncate="end"
                          maw={RECORD_ID_WIDTH}
                          title={event.entity_id}
                        >
                          {event.entity_id}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {event.facility_id
                        ? (facilityNames.get(event.facility_id) ?? event.facility_id)
                        : null}
                    </Table.Td>
                    <Table.Td>{event.ip}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={3}>
                        {detailText(event.detail)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {events.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void events.fetchNextPage()}
                loading={events.isFetchingNextPage}
              >
                {ADMIN_TEXT.common.loadMore}
              </Button>
            </Group>
          ) : null}
          {events.isError ? (
            <Text role="alert" c="var(--mantine-color-error)">
              {errorMessage(events.error)}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
