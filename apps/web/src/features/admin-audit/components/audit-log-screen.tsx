import {
  ADMIN_TEXT,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEventItem,
} from '@carevoice/shared';
import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_TIME_ZONE } from '@/components/back-office/day-in-zone';
import { ExportCsvButton } from '@/components/back-office/export-csv-button';
import { FilterBar, useListFilters, type Filter } from '@/components/back-office/list-filters';
import { ListView, ListScreen, type Column } from '@/components/back-office/list-screen';
import { pagedSource } from '@/components/back-office/list-source';
import { DateRangeInputs, rangeReversed } from '@/components/date-range-inputs';
import { useAdminFacilities } from '@/features/admin-facilities';
import { useExportAuditEvents } from '../api/export-audit-events';
import { useAuditEvents, type AuditFilters } from '../api/get-audit-events';

const text = ADMIN_TEXT.audit;

/** Record ids (long hashes, some of them) are cut to this width; the whole id is its title. */
const RECORD_ID_WIDTH = 140;

type Key = 'facility' | 'action' | 'from' | 'to' | 'actor';
const KEYS: readonly Key[] = ['facility', 'action', 'from', 'to', 'actor'];

function queryOf(values: Record<Key, string>): AuditFilters {
  return {
    ...(values.facility ? { facility_id: values.facility } : {}),
    ...(values.action ? { action: values.action as AuditAction } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.actor ? { actor_id: values.actor } : {}),
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

function columns(
  format: (at: string) => string,
  facilityName: (id: string) => string,
  onlyActor: (event: AuditEventItem) => void,
): Column<AuditEventItem>[] {
  return [
    {
      header: text.columns.at,
      cell: (event) => <time dateTime={event.at}>{format(event.at)}</time>,
    },
    {
      header: text.columns.actor,
      cell: (event) =>
        event.actor_id === null ? (
          <Text span c="dimmed">
            {text.system}
          </Text>
        ) : (
          <Anchor
            component="button"
            type="button"
            onClick={() => onlyActor(event)}
            aria-label={text.onlyActor(event.actor_name ?? text.unknownActor)}
          >
            {event.actor_name ?? text.unknownActor}
          </Anchor>
        ),
    },
    { header: text.columns.action, cell: (event) => actionLabel(event.action) },
    {
      header: text.columns.entity,
      cell: (event) => (
        <>
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
        </>
      ),
    },
    {
      header: text.columns.facility,
      cell: (event) => (event.facility_id ? facilityName(event.facility_id) : null),
    },
    { header: text.columns.ip, cell: (event) => event.ip },
    {
      header: text.columns.detail,
      cell: (event) => (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {detailText(event.detail)}
        </Text>
      ),
    },
  ];
}

/**
 * /admin/audit: every audited change and sign-in the administrator may see, newest first, a page
 * at a time ("Show more"), filtered by facility, action, days and person (pick a name in the
 * list), and the same events as a CSV download. The filters are kept in the address.
 */
export function AuditLogScreen() {
  const facilities = useAdminFacilities();
  const filters = useListFilters(KEYS);
  const { values } = filters;
  const reversed = rangeReversed(values);
  const query = queryOf(values);
  const events = useAuditEvents(query, !reversed);
  const exporter = useExportAuditEvents();
  // The names of the people picked in the list (the address keeps only their id).
  const [actorNames, setActorNames] = useState<ReadonlyMap<string, string>>(new Map());

  const facilityList = facilities.data ?? [];
  const facility = facilityList.find((item) => item.id === values.facility);
  const timeZone = facility?.time_zone ?? DEFAULT_TIME_ZONE;
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const list = pagedSource(events);
  const actorName =
    actorNames.get(values.actor) ??
    list.rows.find((event) => event.actor_id === values.actor)?.actor_name ??
    text.unknownActor;

  const filterFields: Filter<Key>[] = [
    {
      kind: 'select',
      key: 'facility',
      label: text.facility,
      any: text.allFacilities,
      options: facilityList.map((item) => ({
        value: item.id,
        label: item.archived ? `${item.name} (${ADMIN_TEXT.facilities.archivedBadge})` : item.name,
      })),
    },
    {
      kind: 'select',
      key: 'action',
      label: text.action,
      any: text.allActions,
      options: AUDIT_ACTIONS.map((action) => ({ value: action, label: text.actions[action] })),
    },
  ];

  const onlyActor = (event: AuditEventItem) => {
    const id = event.actor_id ?? '';
    setActorNames((names) => new Map(names).set(id, event.actor_name ?? text.unknownActor));
    filters.set({ actor: id });
  };

  return (
    <ListScreen
      title={text.heading}
      intro={text.intro}
      actions={
        <ExportCsvButton
          exporter={exporter}
          variables={query}
          filename={() => `audit-log-${today()}.csv`}
          texts={{ label: text.export, failed: text.exportFailed, done: text.exported }}
          disabled={reversed}
        />
      }
    >
      <FilterBar filters={filterFields} values={values} onChange={filters.set} label={text.filters}>
        <DateRangeInputs
          range={values}
          labels={text}
          reversedMessage={text.dateRangeReversed}
          onChange={filters.set}
        />
        {values.actor ? (
          <Button
            size="sm"
            variant="light"
            onClick={() => filters.set({ actor: '' })}
            aria-label={text.clearActor(actorName)}
          >
            {text.actor}: {actorName} ×
          </Button>
        ) : null}
        {filters.active ? (
          <Button size="sm" variant="subtle" onClick={filters.clear}>
            {text.clearFilters}
          </Button>
        ) : null}
      </FilterBar>
      <Text size="sm" c="dimmed">
        {text.timesIn(timeZone)}
      </Text>
      <ListView
        list={list}
        columns={columns(
          (at) => formatter.format(new Date(at)),
          (id) => facilityList.find((item) => item.id === id)?.name ?? id,
          onlyActor,
        )}
        rowKey={(event) => event.id}
        label={text.tableLabel}
        minWidth={760}
        empty={text.empty}
        idle={reversed}
      />
    </ListScreen>
  );
}
