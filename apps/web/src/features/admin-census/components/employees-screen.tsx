import {
  ADMIN_TEXT,
  censusFileName,
  EMPLOYEE_CSV_COLUMNS,
  type AdminEmployee,
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
import { useExportEmployees } from '../api/export-employees';
import { useEmployees } from '../api/get-employees';
import { useImportEmployees } from '../api/import-employees';
import { localToday, templateCsv } from '../csv-file';
import { CensusFacility, type CensusFacilityChoice } from './census-facility';
import { EmployeeFormModal } from './employee-form-modal';
import { ExportCsvButton } from './export-csv-button';
import { ImportCsvModal } from './import-csv-modal';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

const EMPLOYEE_TEMPLATE_ROW = [
  'E1001',
  'Ana Ruiz',
  'Nursing',
  'Nurse',
  'true',
  'ana.ruiz@example.org',
];

/** /admin/employees: the staff list of the facility chosen above it. */
export function EmployeesScreen() {
  return (
    <Stack gap="md">
      <Title order={2}>{text.employeesHeading}</Title>
      <Text c="dimmed">{text.employeesIntro}</Text>
      <CensusFacility>{(facility) => <EmployeesOfFacility facility={facility} />}</CensusFacility>
    </Stack>
  );
}

type Dialog =
  { kind: 'none' } | { kind: 'form'; employee: AdminEmployee | null } | { kind: 'import' };

function EmployeesOfFacility({ facility }: { facility: CensusFacilityChoice }) {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<boolean | null>(null);
  const [q] = useDebouncedValue(search, ADMIN_SEARCH_DEBOUNCE_MS);
  const employees = useEmployees(facility.id, { q, active });
  const importer = useImportEmployees(facility.id);
  const exporter = useExportEmployees(facility.id);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const items = employees.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={text.searchEmployees}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
          <Select
            label={text.activeFilter}
            data={[
              { value: 'all', label: text.all },
              { value: 'true', label: text.activeYes },
              { value: 'false', label: text.activeNo },
            ]}
            value={active === null ? 'all' : String(active)}
            onChange={(value) =>
              setActive(value === 'true' ? true : value === 'false' ? false : null)
            }
            allowDeselect={false}
            w={180}
          />
        </Group>
        <Group>
          <Button onClick={() => setDialog({ kind: 'form', employee: null })}>
            {text.addEmployee}
          </Button>
          <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
            {text.importCsv}
          </Button>
          <ExportCsvButton
            exporter={exporter}
            filename={() => censusFileName('employees', facility.name, localToday())}
          />
        </Group>
      </Group>

      {employees.isPending ? (
        <Spinner label={text.loadingEmployees} />
      ) : employees.isError && items.length === 0 ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack align="flex-start" gap="md">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {common.loadFailed}
            </Text>
            <Button onClick={() => void employees.refetch()} loading={employees.isFetching}>
              {common.retry}
            </Button>
          </Stack>
        </Paper>
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" radius="lg" ta="center">
          <Text>{text.noEmployees}</Text>
        </Paper>
      ) : (
        <>
          <Box style={{ overflowX: 'auto' }}>
            <Table miw={860} striped highlightOnHover aria-label={text.employeesTable}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.name}</Table.Th>
                  <Table.Th scope="col">{text.employeeCode}</Table.Th>
                  <Table.Th scope="col">{text.department}</Table.Th>
                  <Table.Th scope="col">{text.position}</Table.Th>
                  <Table.Th scope="col">{text.email}</Table.Th>
                  <Table.Th scope="col">{text.status}</Table.Th>
                  <Table.Th scope="col">{text.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((employee) => (
                  <Table.Tr key={employee.id}>
                    <Table.Th scope="row" fw={500}>
                      {employee.name}
                    </Table.Th>
                    <Table.Td>{employee.employee_code}</Table.Td>
                    <Table.Td>{employee.department}</Table.Td>
                    <Table.Td>{employee.position}</Table.Td>
                    <Table.Td>{employee.email ?? text.none}</Table.Td>
                    <Table.Td>
                      <Badge color={employee.active ? 'teal.9' : 'gray.7'} variant="filled">
                        {employee.active ? text.activeYes : text.activeNo}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'form', employee })}
                        aria-label={text.editNamed(employee.name)}
                      >
                        {text.edit}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {employees.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void employees.fetchNextPage()}
                loading={employees.isFetchingNextPage}
              >
                {common.loadMore}
              </Button>
            </Group>
          ) : null}
        </>
      )}

      {dialog.kind === 'form' ? (
        <EmployeeFormModal facilityId={facility.id} employee={dialog.employee} onClose={close} />
      ) : null}
      <ImportCsvModal
        opened={dialog.kind === 'import'}
        onClose={close}
        importer={importer}
        columns={EMPLOYEE_CSV_COLUMNS}
        template={{
          csv: templateCsv(EMPLOYEE_CSV_COLUMNS, EMPLOYEE_TEMPLATE_ROW),
          filename: censusFileName('employees-template', facility.name, localToday()),
        }}
      />
    </Stack>
  );
}
