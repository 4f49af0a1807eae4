import { ADMIN_TEXT, type AdminFacility, type AdminSurveySet } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Spinner } from '@/components/spinner';
import { LoadFailed, useAdminFacilities } from '@/features/admin-facilities';
import { useAdminSurveySets } from '../api/get-admin-survey-sets';
import { SurveySetFormModal } from './survey-set-form-modal';

const text = ADMIN_TEXT.surveySets;

/** Where a set is offered: the administrator's facilities by name, then how many others. */
function offeredAt(set: AdminSurveySet, names: ReadonlyMap<string, string>): string {
  const own = set.facility_ids
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => a.localeCompare(b));
  const others = set.facility_ids.length - own.length;
  const parts = [...own, ...(others > 0 ? [text.otherFacilitiesShort(others)] : [])];
  return parts.length > 0 ? parts.join(', ') : text.noFacilities;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; surveySet: AdminSurveySet } | null;

/**
 * /admin/survey-sets: the additional survey sets the administrator's facilities offer, where
 * each is offered, a new set and changes (name, facilities). A new set has no questions until
 * its questionnaire is written; the staff screens say "No survey questions" until then.
 */
export function SurveySetsScreen() {
  const sets = useAdminSurveySets();
  const facilities = useAdminFacilities();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const mine: readonly AdminFacility[] = facilities.data ?? [];
  const names = new Map(mine.map((facility) => [facility.id, facility.name]));
  const canCreate = mine.some((facility) => !facility.archived);
  const failed = (sets.isError && !sets.data) || (facilities.isError && !facilities.data);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <Title order={2}>{text.heading}</Title>
          <Text c="dimmed">{text.intro}</Text>
        </Stack>
        {canCreate ? (
          <Button onClick={() => setDialog({ kind: 'create' })}>{text.newSet}</Button>
        ) : null}
      </Group>

      {failed ? (
        <LoadFailed
          error={sets.error ?? facilities.error}
          retrying={sets.isFetching || facilities.isFetching}
          onRetry={() => {
            void sets.refetch();
            void facilities.refetch();
          }}
        />
      ) : sets.isPending || facilities.isPending ? (
        <Spinner label={ADMIN_TEXT.common.loading} />
      ) : sets.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={500}>{canCreate ? text.empty : ADMIN_TEXT.common.noFacilities}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={text.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.columns.name}</Table.Th>
                <Table.Th scope="col">{text.columns.facilities}</Table.Th>
                <Table.Th scope="col">{text.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sets.data.map((surveySet) => (
                <Table.Tr key={surveySet.id}>
                  <Table.Th scope="row" fw={600}>
                    {surveySet.name}
                  </Table.Th>
                  <Table.Td>{offeredAt(surveySet, names)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="sm"
                      variant="default"
                      aria-label={text.editLabel(surveySet.name)}
                      onClick={() => setDialog({ kind: 'edit', surveySet })}
                    >
                      {text.edit}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {dialog ? (
        <SurveySetFormModal
          key={dialog.kind === 'edit' ? dialog.surveySet.id : 'new'}
          surveySet={dialog.kind === 'edit' ? dialog.surveySet : null}
          facilities={mine}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
