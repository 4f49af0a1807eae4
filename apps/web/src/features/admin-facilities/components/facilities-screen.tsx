import {
  ADMIN_TEXT,
  RESIDENT_LANGUAGE_LABELS,
  type AdminFacility,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-error';
import { useAdminFacilities } from '../api/get-admin-facilities';
import { useUpdateFacility } from '../api/update-facility';
import { ArchiveFacilityModal } from './archive-facility-modal';
import { FacilityFormModal } from './facility-form-modal';
import { LoadFailed } from './load-failed';

const text = ADMIN_TEXT.facilities;

function languageNames(codes: readonly string[]): string {
  return codes.map((code) => RESIDENT_LANGUAGE_LABELS[code as ResidentLanguage] ?? code).join(', ');
}

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

  const rows = [...(facilities.data ?? [])].sort(
    (a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name),
  );

  const restore = (facility: AdminFacility) =>
    unarchive.mutate(
      { facilityId: facility.id, body: { archived: false, version: facility.version } },
      {
        onSuccess: () => toast.success(text.unarchived(facility.name)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <Title order={2}>{text.heading}</Title>
          <Text c="dimmed">{text.intro}</Text>
        </Stack>
        {canCreate ? (
          <Button onClick={() => setDialog({ kind: 'create' })}>{text.newFacility}</Button>
        ) : null}
      </Group>

      {facilities.isPending ? (
        <Spinner label={ADMIN_TEXT.common.loading} />
      ) : facilities.isError && !facilities.data ? (
        <LoadFailed
          error={facilities.error}
          retrying={facilities.isFetching}
          onRetry={() => void facilities.refetch()}
        />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={500}>{canCreate ? text.empty : ADMIN_TEXT.common.noFacilities}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={text.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.columns.name}</Table.Th>
                <Table.Th scope="col">{text.columns.timeZone}</Table.Th>
                <Table.Th scope="col">{text.columns.admissionDue}</Table.Th>
                <Table.Th scope="col">{text.columns.dischargeDue}</Table.Th>
                <Table.Th scope="col">{text.columns.languages}</Table.Th>
                <Table.Th scope="col">{text.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((facility) => (
                <Table.Tr key={facility.id}>
                  <Table.Th scope="row" fw={600}>
                    <Group gap="xs" wrap="wrap">
                      <span>{facility.name}</span>
                      {facility.archived ? (
                        <Badge color="gray.8" variant="filled" style={{ flexShrink: 0 }}>
                          {text.archivedBadge}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Th>
                  <Table.Td>{facility.time_zone}</Table.Td>
                  <Table.Td>{text.dueDays(facility.admission_survey_due_days)}</Table.Td>
                  <Table.Td>{text.dueDays(facility.discharge_survey_due_days)}</Table.Td>
                  <Table.Td>{languageNames(facility.languages)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="sm"
                        variant="default"
                        aria-label={text.editLabel(facility.name)}
                        onClick={() => setDialog({ kind: 'edit', facility })}
                      >
                        {text.edit}
                      </Button>
                      {facility.archived ? (
                        <Button
                          size="sm"
                          variant="default"
                          aria-label={text.unarchiveLabel(facility.name)}
                          loading={
                            unarchive.isPending && unarchive.variables.facilityId === facility.id
                          }
                          onClick={() => restore(facility)}
                        >
                          {text.unarchive}
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="default"
                          aria-label={text.archiveLabel(facility.name)}
                          onClick={() => setDialog({ kind: 'archive', facility })}
                        >
                          {text.archive}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {dialog?.kind === 'create' ? <FacilityFormModal facility={null} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <FacilityFormModal key={dialog.facility.id} facility={dialog.facility} onClose={close} />
      ) : null}
      {dialog?.kind === 'archive' ? (
        <ArchiveFacilityModal facility={dialog.facility} onClose={close} />
      ) : null}
    </Stack>
  );
}
