/**
 * The staff list of a facility (DESIGN §8): list, add, edit (department, position, active flag,
 * email, code), import and export employees. The staff screens read exactly these rows: the
 * active-employee list (department → position → "Name-CODE") and the culinary review; on SQLite
 * their cached answers are dropped by the change counter on every write here (ADR 011), on
 * PostgreSQL nothing is cached. The guard has checked the session, `Administration` and any
 * facility in the path; an edit names an employee, whose facility is checked here.
 */
import {
  ADMIN_TEXT,
  AdminEmployeeCreateRequestSchema,
  EMPLOYEE_CSV_COLUMNS,
  EmployeeCodeSchema,
  OptionalEmailSchema,
  parseCsvFlag,
  type AdminEmployee,
  type AdminEmployeeCreateRequest,
  type AdminEmployeeListQuery,
  type AdminEmployeeListResponse,
  type AdminEmployeeUpdateRequest,
  type EmployeeCsvColumn,
  type ImportReport,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import {
  fieldProblem,
  importReport,
  planImport,
  readFacilityImport,
  type ColumnProblem,
  type ImportSpec,
  type RowCheck,
} from '../admin-imports/admin-imports.service.js';
import * as census from '../admin-residents/census-lists.js';
import { findFacilityCensus } from '../admin-residents/admin-residents.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  findEmployeeById,
  findEmployeeIdByCode,
  insertEmployee,
  listEmployeePage,
  listEmployeesForExport,
  listFacilityEmployees,
  updateEmployeeAtVersion,
  upsertEmployees,
  type EmployeeRow,
} from './admin-employees.repository.js';

const text = ADMIN_TEXT.census;

/** An employee's fields as stored (the code is `code` in the table, `employee_code` on the wire). */
interface StaffFields {
  code: string;
  name: string;
  department: string;
  position: string;
  active: number;
  email: string | null;
}

const EDITABLE: readonly (keyof StaffFields)[] = [
  'code',
  'name',
  'department',
  'position',
  'active',
  'email',
];

export function employeeItem(row: EmployeeRow): AdminEmployee {
  return {
    id: row.id,
    employee_code: row.code,
    name: row.name,
    department: row.department,
    position: row.position,
    active: row.active === 1,
    email: row.email,
    version: row.version,
  };
}

function codeTaken(code: string): HttpError {
  return new HttpError(409, text.employeeCodeTaken(code));
}

// ---------------------------------------------------------------------------------------------
// List

const employeePaging: census.ListPaging<EmployeeRow, AdminEmployee> = {
  arity: 2,
  keyOf: (row) => [row.name, row.id],
  item: employeeItem,
};

export async function listEmployees(
  ctx: AppContext,
  facilityId: string,
  query: AdminEmployeeListQuery,
): Promise<AdminEmployeeListResponse> {
  return census.listPage(query.cursor, employeePaging, (page) =>
    listEmployeePage(ctx.db, {
      facilityId,
      ...census.searchFilter(query.q),
      ...(query.active === undefined ? {} : { active: query.active }),
      ...page,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Add and edit

export async function createEmployee(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
  input: AdminEmployeeCreateRequest,
): Promise<string> {
  const fields: StaffFields = {
    code: input.employee_code,
    name: input.name,
    department: input.department,
    position: input.position,
    active: input.active === false ? 0 : 1,
    email: input.email ?? null,
  };
  if (await findEmployeeIdByCode(ctx.db, facilityId, fields.code)) throw codeTaken(fields.code);
  const id = newRowId();
  await census.writeCensus(ctx, codeTaken(fields.code), async (trx) => {
    await insertEmployee(trx, { id, facility_id: facilityId, ...fields });
    await recordAudit(trx, meta, {
      action: 'employee.created',
      targetType: 'employee',
      targetId: id,
      facilityId,
      detail: { code: fields.code, active: fields.active === 1 },
    });
  });
  return id;
}

/** Edits an employee at the version the client read (409 otherwise); answers the record saved. */
export async function updateEmployee(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  employeeId: string,
  input: AdminEmployeeUpdateRequest,
): Promise<AdminEmployee> {
  const current = await census.recordOfFacility(
    ctx,
    user,
    await findEmployeeById(ctx.db, employeeId),
    text.employeeNotFound,
  );
  if (input.version !== current.version) throw versionConflict();
  const next: StaffFields = {
    code: input.employee_code ?? current.code,
    name: input.name ?? current.name,
    department: input.department ?? current.department,
    position: input.position ?? current.position,
    active: input.active === undefined ? current.active : input.active ? 1 : 0,
    email: input.email === undefined ? current.email : input.email,
  };
  const changed = census.changedFields(EDITABLE, next, current);
  if (changed.length === 0) return employeeItem(current);
  await census.writeCensus(ctx, codeTaken(next.code), async (trx) => {
    const changes = census.changesOf(changed, next);
    await census.editAtVersion(
      trx,
      meta,
      updateEmployeeAtVersion(trx, current.id, input.version, changes),
      {
        action: 'employee.updated',
        targetType: 'employee',
        record: current,
        detail: { fields: changed.join(','), active: next.active === 1 },
      },
    );
  });
  return census.savedItem(
    () => findEmployeeById(ctx.db, current.id),
    employeeItem,
    text.employeeNotFound,
  );
}

// ---------------------------------------------------------------------------------------------
// Import

const {
  name: NameSchema,
  department: DepartmentSchema,
  position: PositionSchema,
} = AdminEmployeeCreateRequestSchema.shape;

const employeeImportSpec: ImportSpec<EmployeeCsvColumn, StaffFields> = {
  kind: 'employees',
  columns: EMPLOYEE_CSV_COLUMNS,
  key: 'employee_code',
  check(values): RowCheck<StaffFields> {
    const problems: ColumnProblem[] = [];
    const code = fieldProblem(EmployeeCodeSchema, 'employee_code', values.employee_code, problems);
    const name = fieldProblem(NameSchema, 'name', values.name, problems);
    const department = fieldProblem(DepartmentSchema, 'department', values.department, problems);
    const position = fieldProblem(PositionSchema, 'position', values.position, problems);
    const active = values.active === '' ? undefined : parseCsvFlag(values.active);
    if (active === undefined) {
      problems.push({
        column: 'active',
        message: values.active === '' ? text.required : text.invalidFlag,
      });
    }
    const email = fieldProblem(OptionalEmailSchema, 'email', values.email, problems);
    return census.checkedRow<StaffFields>(problems, {
      ...{ code, name, department, position, email },
      active: active === undefined ? undefined : active ? 1 : 0,
    });
  },
};

/**
 * Imports a staff file into the facility (DESIGN §8): upsert by employee code, every row
 * checked first and nothing written when one is wrong; with `dryRun` only the report. One
 * transaction writes the employees and one audit event with the counts.
 */
export async function importEmployees(
  ctx: AppContext,
  meta: RequestMeta,
  upload: census.CensusUpload,
): Promise<ImportReport> {
  const { facilityId, fileText, dryRun, reading = {} } = upload;
  const file = await readFacilityImport(ctx.db, facilityId, fileText, employeeImportSpec, reading);
  const plan = (existing: readonly EmployeeRow[]) =>
    planImport(file.rows, new Map(existing.map((row) => [row.code, row])), (value, record) =>
      EDITABLE.some((field) => value[field] !== record[field]),
    );

  if (file.problems.length > 0 || dryRun) {
    const existing = await listFacilityEmployees(ctx.db, ctx.dialect, facilityId);
    return importReport(plan(existing), file);
  }

  return census.commitImport(ctx, meta, { facilityId, kind: 'employees', file }, async (trx) => {
    const planned = plan(await listFacilityEmployees(trx, ctx.dialect, facilityId, { lock: true }));
    await upsertEmployees(trx, [
      ...planned.created.map(({ value }) => ({
        id: newRowId(),
        facility_id: facilityId,
        ...value,
      })),
      ...planned.updated.map(({ value, existing }) => ({
        id: existing.id,
        facility_id: facilityId,
        ...value,
      })),
    ]);
    return importReport(planned, file);
  });
}

// ---------------------------------------------------------------------------------------------
// Export

/** The facility's staff list as a CSV file (the import's columns), and its file name. */
export async function exportEmployees(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
): Promise<census.CensusFile> {
  const facility = await findFacilityCensus(ctx.db, facilityId);
  if (!facility) throw notFound();
  const rows = await listEmployeesForExport(ctx.db, facilityId);
  return census.exportCensus(
    ctx,
    meta,
    facility,
    'employees',
    EMPLOYEE_CSV_COLUMNS,
    rows.map((row) => ({
      employee_code: row.code,
      name: row.name,
      department: row.department,
      position: row.position,
      active: row.active === 1 ? 'true' : 'false',
      email: row.email,
    })),
  );
}
