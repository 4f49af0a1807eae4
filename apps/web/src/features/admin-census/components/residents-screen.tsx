import {
  ADMIN_TEXT,
  censusFileName,
  RESIDENT_CSV_COLUMNS,
  type AdminResident,
  type ResidentStatus,
} from '@carevoice/shared';
import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Spinner } from '@/components/spinner';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useExportResidents } from '../api/export-residents';
import { useResidents } from '../api/get-residents';
import { useImportResidents } from '../api/import-residents';
import { languageLabel } from '../census-languages';
import { localToday, templateCsv } from '../csv-file';
import { CensusFacility, type CensusFacilityChoice } from './census-facility';
import { ExportCsvButton } from './export-csv-button';
import { ImportCsvModal } from './import-csv-modal';
import { ResidentDatesModal, type CensusEvent } from './resident-dates-modal';
import { ResidentFormModal } from './resident-form-modal';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

const RESIDENT_TEMPLATE_ROW = ['R-1001', 'Ada', 'Lovelace', '2026-11-01', '', 'en'];

/** /admin/residents: the census of the facility chosen above it. */
export function ResidentsScreen() {
  return (
    <Stack gap="md">
      <Title order={2}>{text.residentsHeading}</Title>
      <Text c="dimmed">{text.residentsIntro}</Text>
      <CensusFacility>{(facility) => <ResidentsOfFacility facility={facility} />}</CensusFacility>
    </Stack>
  );
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; resident: AdminResident | null }
  | { kind: 'dates'; resident: AdminResident; event: CensusEvent }
  | { kind: 'import' };

function ResidentsOfFacility({ facility }: { facility: CensusFacilityChoice }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ResidentStatus | null>(null);
  const [q] = useDebouncedValue(search, ADMIN_SEARCH_DEBOUNCE_MS);
  const residents = useResidents(facility.id, { q, status });
  const importer = useImportResidents(facility.id);
  const exporter = useExportResidents(facility.id);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const items = residents.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={text.searchResidents}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
          <Select
            label={text.statusFilter}
            data={[
              { value: 'all', label: text.all },
              { value: 'active', label: text.statusActive },
              { value: 'discharged', label: text.statusDischarged },
            ]}
            value={status ?? 'all'}
            onChange={(value) =>
              setStatus(value === 'active' || value === 'discharged' ? value : null)
            }
            allowDeselect={false}
            w={180}
          />
        </Group>
        <Group>
          <Button onClick={() => setDialog({ kind: 'form', resident: null })}>
            {text.addResident}
          </Button>
          <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
            {text.importCsv}
          </Button>
          <ExportCsvButton
            exporter={exporter}
            filename={() => censusFileName('residents', facility.name, localToday())}
          />
        </Group>
      </Group>

      {residents.isPending ? (
        <Spinner label={text.loadingResidents} />
      ) : residents.isError && items.length === 0 ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack align="flex-start" gap="md">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {common.loadFailed}
            </Text>
            <Button onClick={() => void residents.refetch()} loading={residents.isFetching}>
              {common.retry}
            </Button>
          </Stack>
        </Paper>
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" radius="lg" ta="center">
          <Text>{text.noResidents}</Text>
        </Paper>
      ) : (
        <>
          <Box style={{ overflowX: 'auto' }}>
            <Table miw={860} striped highlightOnHover aria-label={text.residentsTable}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.name}</Table.Th>
                  <Table.Th scope="col">{text.clientId}</Table.Th>
                  <Table.Th scope="col">{text.preferredLanguage}</Table.Th>
                  <Table.Th scope="col">{text.admittedOn}</Table.Th>
                  <Table.Th scope="col">{text.dischargedOn}</Table.Th>
                  <Table.Th scope="col">{text.status}</Table.Th>
                  <Table.Th scope="col">{text.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((resident) => (
                  <ResidentRow
                    key={resident.id}
                    resident={resident}
                    onEdit={() => setDialog({ kind: 'form', resident })}
                    onEvent={(event) => setDialog({ kind: 'dates', resident, event })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {residents.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void residents.fetchNextPage()}
                loading={residents.isFetchingNextPage}
              >
                {common.loadMore}
              </Button>
            </Group>
          ) : null}
        </>
      )}

      {dialog.kind === 'form' ? (
        <ResidentFormModal
          facilityId={facility.id}
          resident={dialog.resident}
          opened
          onClose={close}
        />
      ) : null}
      {dialog.kind === 'dates' ? (
        <ResidentDatesModal
          facilityId={facility.id}
          resident={dialog.resident}
          event={dialog.event}
          onClose={close}
        />
      ) : null}
      <ImportCsvModal
        opened={dialog.kind === 'import'}
        onClose={close}
        importer={importer}
        columns={RESIDENT_CSV_COLUMNS}
        template={{
          csv: templateCsv(RESIDENT_CSV_COLUMNS, RESIDENT_TEMPLATE_ROW),
          filename: censusFileName('residents-template', facility.name, localToday()),
        }}
      />
    </Stack>
  );
}

function ResidentRow({
  resident,
  onEdit,
  onEvent,
}: {
  resident: AdminResident;
  onEdit: () => void;
  onEvent: (event: CensusEvent) => void;
}) {
  const name = `${resident.first_name} ${resident.last_name}`;
  const active = resident.status === 'active';
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {resident.last_name}, {resident.first_name}
      </Table.Th>
      <Table.Td>{resident.client_id}</Table.Td>
      <Table.Td>{languageLabel(resident.preferred_language)}</Table.Td>
      <Table.Td>{resident.admitted_on ?? text.none}</Table.Td>
      <Table.Td>
        {resident.discharged_on === null
          ? text.none
          : active
            ? text.plannedDischarge(resident.discharged_on)
            : resident.discharged_on}
      </Table.Td>
      <Table.Td>
        <Badge color={active ? 'teal.9' : 'gray.7'} variant="filled">
          {active ? text.statusActive : text.statusDischarged}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={text.editNamed(name)}>
            {text.edit}
          </Button>
          {active && resident.admitted_on === null ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => onEvent('admit')}
              aria-label={text.admitNamed(name)}
            >
              {text.admit}
            </Button>
          ) : null}
          {active ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => onEvent('discharge')}
              aria-label={text.recordDischargeNamed(name)}
            >
              {text.recordDischarge}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() => onEvent('readmit')}
              aria-label={text.readmitNamed(name)}
            >
              {text.readmit}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
