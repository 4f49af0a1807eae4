import {
  ADMIN_TEXT,
  RESIDENT_LANGUAGE_LABELS,
  type AdminFacility,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Group } from '@mantine/core';
import { useState } from 'react';
import {
  ListView,
  RowActions,
  ListScreen,
  StatusBadge,
  type Column,
} from '@/components/back-office/list-screen';
import { wholeSource } from '@/components/back-office/list-source';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAdminFacilities } from '../api/get-admin-facilities';
import { useUpdateFacility } from '../api/update-facility';
import { ArchiveFacilityModal } from './archive-facility-modal';
import { FacilityFormModal } from './facility-form-modal';

const text = ADMIN_TEXT.facilities;

function languageNames(codes: readonly string[]): string {
  return codes.map((code) => RESIDENT_LANGUAGE_LABELS[code as ResidentLanguage] ?? code).join(', ');
}

/** Active facilities first, archived ones after them, each by name. */
const byArchivedThenName = (a: AdminFacility, b: AdminFacility) =>
  Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name);

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; facility: AdminFacility }
  | { kind: 'archive'; facility: AdminFacility }
  | null;

/**
 * /admin/facilities: the administrator's facilities with their settings; active ones first,
 * archived ones after them with a badge. "New facility" only for a holder of both all-access
 * flags (the server refuses anyone else). Archiving asks first; unarchiving is immediate.
 */
export function FacilitiesScreen() {
  const profile = useSession();
  const canCreate = profile.all_facility_access && profile.all_permission_access;
  const facilities = useAdminFacilities();
  const unarchive = useUpdateFacility();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const restore = (facility: AdminFacility) =>
    unarchive.mutate(
      { facilityId: facility.id, body: { archived: false, version: facility.version } },
      {
        onSuccess: () => toast.success(text.unarchived(facility.name)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const columns: Column<AdminFacility>[] = [
    {
      header: text.columns.name,
      rowHeader: true,
      cell: (facility) => (
        <Group gap="xs" wrap="wrap">
          <span>{facility.name}</span>
          {facility.archived ? <StatusBadge label={text.archivedBadge} color="gray.8" /> : null}
        </Group>
      ),
    },
    { header: text.columns.timeZone, cell: (facility) => facility.time_zone },
    {
      header: text.columns.admissionDue,
      cell: (facility) => text.dueDays(facility.admission_survey_due_days),
    },
    {
      header: text.columns.dischargeDue,
      cell: (facility) => text.dueDays(facility.discharge_survey_due_days),
    },
    { header: text.columns.languages, cell: (facility) => languageNames(facility.languages) },
    {
      header: text.columns.actions,
      cell: (facility) => (
        <RowActions
          actions={[
            {
              label: text.edit,
              ariaLabel: text.editLabel(facility.name),
              onClick: () => setDialog({ kind: 'edit', facility }),
            },
            {
              label: text.unarchive,
              ariaLabel: text.unarchiveLabel(facility.name),
              onClick: () => restore(facility),
              loading: unarchive.isPending && unarchive.variables.facilityId === facility.id,
              shown: facility.archived,
            },
            {
              label: text.archive,
              ariaLabel: text.archiveLabel(facility.name),
              onClick: () => setDialog({ kind: 'archive', facility }),
              shown: !facility.archived,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListScreen
      title={text.heading}
      intro={text.intro}
      create={
        canCreate ? { label: text.newFacility, onClick: () => setDialog({ kind: 'create' }) } : null
      }
    >
      <ListView
        list={wholeSource(facilities, byArchivedThenName)}
        columns={columns}
        rowKey={(facility) => facility.id}
        label={text.tableLabel}
        minWidth={800}
        empty={canCreate ? text.empty : ADMIN_TEXT.common.noFacilities}
      />
      {dialog?.kind === 'create' ? <FacilityFormModal facility={null} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <FacilityFormModal key={dialog.facility.id} facility={dialog.facility} onClose={close} />
      ) : null}
      {dialog?.kind === 'archive' ? (
        <ArchiveFacilityModal facility={dialog.facility} onClose={close} />
      ) : null}
    </ListScreen>
  );
}
