import { ADMIN_TEXT, EMPLOYEE_CSV_COLUMNS, type AdminEmployee } from '@carevoice/shared';
import { useState } from 'react';
import { pagedSource } from '@/components/back-office/list-source';
import { FilteredList } from '@/components/back-office/filtered-list';
import { useListFilters, type Filter } from '@/components/back-office/list-filters';
import { RowActions, StatusBadge, type Column } from '@/components/back-office/list-screen';
import { useExportEmployees } from '../api/export-employees';
import { useEmployees } from '../api/get-employees';
import { useImportEmployees } from '../api/import-employees';
import { CensusActions, CensusScreen, type CensusFiles } from './census-actions';
import type { CensusFacilityChoice } from './census-facility';
import { EmployeeFormModal } from './employee-form-modal';

const text = ADMIN_TEXT.census;

const EMPLOYEE_FILES: CensusFiles = {
  kind: 'employees',
  columns: EMPLOYEE_CSV_COLUMNS,
  templateRow: ['E1001', 'Ana Ruiz', 'Nursing', 'Nurse', 'true', 'ana.ruiz@example.org'],
  useImport: useImportEmployees,
  useExport: useExportEmployees,
};

const FILTERS: readonly Filter<'q' | 'active'>[] = [
  { kind: 'search', key: 'q', label: text.searchEmployees },
  {
    kind: 'select',
    key: 'active',
    label: text.activeFilter,
    any: text.all,
    options: [
      { value: 'true', label: text.activeYes },
      { value: 'false', label: text.activeNo },
    ],
  },
];

function columns(edit: (employee: AdminEmployee) => void): Column<AdminEmployee>[] {
  return [
    { header: text.name, rowHeader: true, cell: (e) => e.name },
    { header: text.employeeCode, cell: (e) => e.employee_code },
    { header: text.department, cell: (e) => e.department },
    { header: text.position, cell: (e) => e.position },
    { header: text.email, cell: (e) => e.email ?? text.none },
    {
      header: text.status,
      cell: (e) =>
        e.active ? (
          <StatusBadge label={text.activeYes} color="teal.9" />
        ) : (
          <StatusBadge label={text.activeNo} color="gray.7" />
        ),
    },
    {
      header: text.actions,
      cell: (e) => (
        <RowActions
          actions={[
            { label: text.edit, ariaLabel: text.editNamed(e.name), onClick: () => edit(e) },
          ]}
        />
      ),
    },
  ];
}

/** /admin/employees: the staff list of the facility chosen above it. */
export function EmployeesScreen() {
  return (
    <CensusScreen heading={text.employeesHeading} intro={text.employeesIntro}>
      {(facility) => <EmployeesOfFacility facility={facility} />}
    </CensusScreen>
  );
}

function EmployeesOfFacility({ facility }: { facility: CensusFacilityChoice }) {
  const filters = useListFilters(['q', 'active'], 'q');
  const { active } = filters.query;
  const employees = useEmployees(facility.id, {
    q: filters.query.q,
    active: active === 'true' ? true : active === 'false' ? false : null,
  });
  // The employee being edited; null adds one.
  const [editing, setEditing] = useState<AdminEmployee | null | undefined>(undefined);

  return (
    <FilteredList
      filters={FILTERS}
      state={filters}
      actions={
        <CensusActions
          facility={facility}
          files={EMPLOYEE_FILES}
          addLabel={text.addEmployee}
          onAdd={() => setEditing(null)}
        />
      }
      list={pagedSource(employees)}
      columns={columns(setEditing)}
      rowKey={(employee) => employee.id}
      label={text.employeesTable}
      minWidth={860}
      empty={text.noEmployees}
      loadingLabel={text.loadingEmployees}
    >
      {editing === undefined ? null : (
        <EmployeeFormModal
          facilityId={facility.id}
          employee={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </FilteredList>
  );
}
