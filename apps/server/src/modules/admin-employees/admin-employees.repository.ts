/**
 * Every query of the staff list of the back office (DESIGN §8): keyset pages by name, single
 * records, and the bulk writes of an import. The staff screens read the same rows
 * (modules/surveys: the active-employee list, culinary employees). Functions take a Kysely
 * instance or a transaction.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database, EmployeesTable } from '../../db/database.js';
import type { CursorKey } from '../../lib/cursor.js';
import { chunks } from '../admin-imports/admin-imports.service.js';
import { containsPattern } from '../admin-residents/admin-residents.repository.js';

export type EmployeeRow = Selectable<EmployeesTable>;

/**
 * A page of the facility's employees by name and id, after `after` (that key of the previous
 * page's last row); `q` matches the name, code or email anywhere, ignoring case; `active`
 * filters on the flag.
 */
export async function listEmployeePage(
  db: Kysely<Database>,
  filter: { facilityId: string; q?: string; active?: boolean; after?: CursorKey; limit: number },
): Promise<EmployeeRow[]> {
  const { facilityId, q, active, after, limit } = filter;
  let query = db.selectFrom('employees').selectAll().where('facility_id', '=', facilityId);
  if (active !== undefined) query = query.where('active', '=', active ? 1 : 0);
  if (q !== undefined && q.trim() !== '') {
    const pattern = containsPattern(q.trim());
    const like = (expression: ReturnType<typeof sql>) =>
      sql<boolean>`lower(${expression}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([like(sql`name`), like(sql`code`), like(sql`coalesce(email, '')`)]),
    );
  }
  if (after !== undefined) {
    const [name = '', id = ''] = after.map(String);
    query = query.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(name, id)));
  }
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

export async function findEmployeeById(
  db: Kysely<Database>,
  id: string,
): Promise<EmployeeRow | undefined> {
  return db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEmployeeIdByCode(
  db: Kysely<Database>,
  facilityId: string,
  code: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('employees')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id;
}

export async function insertEmployee(
  db: Kysely<Database>,
  employee: Insertable<EmployeesTable>,
): Promise<void> {
  await db.insertInto('employees').values(employee).execute();
}

/** Changes the employee named at `version` and adds 1 to it; false when the version moved on. */
export async function updateEmployeeAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: Updateable<EmployeesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('employees')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Every employee of the facility (an import compares the file with them). `lock`: on
 * PostgreSQL, hold them until the transaction ends, so an edit made meanwhile waits instead of
 * being overwritten.
 */
export async function listFacilityEmployees(
  db: Kysely<Database>,
  dialect: Dialect,
  facilityId: string,
  options: { lock?: boolean } = {},
): Promise<EmployeeRow[]> {
  const query = db.selectFrom('employees').selectAll().where('facility_id', '=', facilityId);
  return (options.lock && dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/** Every employee of the facility by name, as an export lists them. */
export async function listEmployeesForExport(
  db: Kysely<Database>,
  facilityId: string,
): Promise<EmployeeRow[]> {
  return db
    .selectFrom('employees')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Inserts new employees and rewrites changed ones, a chunk of rows per statement: a row whose
 * (facility, code) exists updates that record (and adds 1 to its version).
 */
export async function upsertEmployees(
  db: Kysely<Database>,
  employees: readonly Insertable<EmployeesTable>[],
): Promise<void> {
  for (const slice of chunks(employees)) {
    await db
      .insertInto('employees')
      .values(slice)
      .onConflict((conflict) =>
        conflict.columns(['facility_id', 'code']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          department: eb.ref('excluded.department'),
          position: eb.ref('excluded.position'),
          active: eb.ref('excluded.active'),
          email: eb.ref('excluded.email'),
          version: sql<number>`employees.version + 1`,
        })),
      )
      .execute();
  }
}
