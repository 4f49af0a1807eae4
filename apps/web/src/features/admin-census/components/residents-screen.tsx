import {
  ADMIN_TEXT,
  RESIDENT_CSV_COLUMNS,
  RESIDENT_CSV_OPTIONAL_COLUMNS,
  type AdminResident,
  type ResidentStatus,
} from '@carevoice/shared';
import { useState } from 'react';
import { pagedSource } from '@/components/back-office/list-source';
import { FilteredList } from '@/components/back-office/filtered-list';
import { useListFilters, type Filter } from '@/components/back-office/list-filters';
import { RowActions, StatusBadge, type Column } from '@/components/back-office/list-screen';
import { useExportResidents } from '../api/export-residents';
import { useResidents } from '../api/get-residents';
import { useImportResidents } from '../api/import-residents';
import { languageLabel } from '../census-languages';
import { CensusActions, CensusScreen, type CensusFiles } from './census-actions';
import type { CensusFacilityChoice } from './census-facility';
import { ResidentDatesModal, type CensusEvent } from './resident-dates-modal';
import { ResidentFormModal } from './resident-form-modal';

const text = ADMIN_TEXT.census;

/**
 * The census file: its columns (the measures' may be left out, ADR 053) and the template's
 * example row (the six required columns, then the measures').
 */
const RESIDENT_FILES: CensusFiles = {
  kind: 'residents',
  columns: RESIDENT_CSV_COLUMNS,
  required: RESIDENT_CSV_COLUMNS.filter(
    (column) => !(RESIDENT_CSV_OPTIONAL_COLUMNS as readonly string[]).includes(column),
  ),
  templateRow: [
    ...['R-1001', 'Ada', 'Lovelace', '2026-11-01', '', 'en'],
    ...['short_stay', '', 'false', '13', '2026-11-02'],
  ],
  useImport: useImportResidents,
  useExport: useExportResidents,
  goLive: true,
};

const FILTERS: readonly Filter<'q' | 'status'>[] = [
  { kind: 'search', key: 'q', label: text.searchResidents },
  {
    kind: 'select',
    key: 'status',
    label: text.statusFilter,
    any: text.all,
    options: [
      { value: 'active', label: text.statusActive },
      { value: 'discharged', label: text.statusDischarged },
    ],
  },
];

type Dialog =
  | { kind: 'form'; resident: AdminResident | null }
  | { kind: 'dates'; resident: AdminResident; event: CensusEvent }
  | null;

function columns(open: (dialog: Dialog) => void): Column<AdminResident>[] {
  return [
    { header: text.name, rowHeader: true, cell: (r) => `${r.last_name}, ${r.first_name}` },
    { header: text.clientId, cell: (r) => r.client_id },
    { header: text.preferredLanguage, cell: (r) => languageLabel(r.preferred_language) },
    { header: text.admittedOn, nowrap: true, cell: (r) => r.admitted_on ?? text.none },
    {
      header: text.dischargedOn,
      cell: (r) =>
        r.discharged_on === null
          ? text.none
          : r.status === 'active'
            ? text.plannedDischarge(r.discharged_on)
            : r.discharged_on,
    },
    {
      header: text.status,
      cell: (r) =>
        r.status === 'active' ? (
          <StatusBadge label={text.statusActive} color="teal.9" />
        ) : (
          <StatusBadge label={text.statusDischarged} color="gray.7" />
        ),
    },
    {
      header: text.actions,
      cell: (resident) => {
        const name = `${resident.first_name} ${resident.last_name}`;
        const active = resident.status === 'active';
        const event = (kind: CensusEvent) => () => open({ kind: 'dates', resident, event: kind });
        return (
          <RowActions
            actions={[
              {
                label: text.edit,
                ariaLabel: text.editNamed(name),
                onClick: () => open({ kind: 'form', resident }),
              },
              {
                label: text.admit,
                ariaLabel: text.admitNamed(name),
                onClick: event('admit'),
                shown: active && resident.admitted_on === null,
              },
              {
                label: text.recordDischarge,
                ariaLabel: text.recordDischargeNamed(name),
                onClick: event('discharge'),
                shown: active,
              },
              {
                label: text.readmit,
                ariaLabel: text.readmitNamed(name),
                onClick: event('readmit'),
                shown: !active,
              },
            ]}
          />
        );
      },
    },
  ];
}

function statusOf(value: string): ResidentStatus | null {
  return value === 'active' || value === 'discharged' ? value : null;
}

/** /admin/residents: the census of the facility chosen above it. */
export function ResidentsScreen() {
  return (
    <CensusScreen heading={text.residentsHeading} intro={text.residentsIntro}>
      {(facility) => <ResidentsOfFacility facility={facility} />}
    </CensusScreen>
  );
}

function ResidentsOfFacility({ facility }: { facility: CensusFacilityChoice }) {
  const filters = useListFilters(['q', 'status'], 'q');
  const residents = useResidents(facility.id, {
    q: filters.query.q,
    status: statusOf(filters.query.status),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <FilteredList
      filters={FILTERS}
      state={filters}
      actions={
        <CensusActions
          facility={facility}
          files={RESIDENT_FILES}
          addLabel={text.addResident}
          onAdd={() => setDialog({ kind: 'form', resident: null })}
        />
      }
      list={pagedSource(residents)}
      columns={columns(setDialog)}
      rowKey={(resident) => resident.id}
      label={text.residentsTable}
      minWidth={860}
      empty={text.noResidents}
      loadingLabel={text.loadingResidents}
    >
      {dialog?.kind === 'form' ? (
        <ResidentFormModal facilityId={facility.id} resident={dialog.resident} onClose={close} />
      ) : null}
      {dialog?.kind === 'dates' ? (
        <ResidentDatesModal
          facilityId={facility.id}
          resident={dialog.resident}
          event={dialog.event}
          onClose={close}
        />
      ) : null}
    </FilteredList>
  );
}
