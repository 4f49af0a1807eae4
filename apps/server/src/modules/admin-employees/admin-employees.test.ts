import {
  ADMIN_TEXT,
  ActiveEmployeesResponseSchema,
  AdminEmployeeListResponseSchema,
  AdminEmployeeSchema,
  CulinaryEmployeesResponseSchema,
  ImportRefusalSchema,
  ImportReportSchema,
  MESSAGES,
  type AdminEmployee,
} from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, TEST_TODAY, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, HARBOR, MAPLE, signInNewUser } from '../../test/survey-kit.js';

const text = ADMIN_TEXT.census;
const HEADER = 'employee_code,name,department,position,active,email';
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

describeEachDialect('staff list: employees', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  let facilities = 0;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  async function newFacility(): Promise<string> {
    facilities += 1;
    const id = `staff-${facilities}`;
    await t.db
      .insertInto('facilities')
      .values({ id, name: `Staff Home ${facilities}` })
      .execute();
    return id;
  }

  const employee = (code: string, extra: Record<string, unknown> = {}) => ({
    employee_code: code,
    name: 'Zoe Quill',
    department: 'Nursing',
    position: 'Nurse',
    ...extra,
  });
  const create = (facilityId: string, body: Record<string, unknown>, who = admin) =>
    call(t, who, 'adminEmployeeCreate', { params: { facilityId }, body });
  const createOk = async (facilityId: string, body: Record<string, unknown>) => {
    const response = await create(facilityId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const patch = (employeeId: string, body: Record<string, unknown>, who = admin) =>
    call(t, who, 'adminEmployeeUpdate', { params: { employeeId }, body });
  const patchOk = async (employeeId: string, body: Record<string, unknown>) => {
    const response = await patch(employeeId, body);
    expect(response.statusCode, response.body).toBe(200);
    return AdminEmployeeSchema.parse(response.json());
  };
  const listOk = async (facilityId: string, query: Record<string, string> = {}) => {
    const response = await call(t, admin, 'adminEmployees', { params: { facilityId }, query });
    expect(response.statusCode, response.body).toBe(200);
    return AdminEmployeeListResponseSchema.parse(response.json());
  };
  const importFile = (facilityId: string, csv: string, dryRun: boolean, who = admin) =>
    call(t, who, 'adminEmployeesImport', {
      params: { facilityId },
      query: { dry_run: String(dryRun) },
      body: csv,
    });
  const importOk = async (facilityId: string, csv: string, dryRun: boolean) => {
    const response = await importFile(facilityId, csv, dryRun);
    expect(response.statusCode, response.body).toBe(200);
    return ImportReportSchema.parse(response.json());
  };
  const activeList = async (who: SignedIn, facilityId: string) => {
    const response = await call(t, who, 'activeEmployees', { params: { facilityId } });
    expect(response.statusCode, response.body).toBe(200);
    return ActiveEmployeesResponseSchema.parse(response.json());
  };
  const culinaryList = async (who: SignedIn, facilityId: string) => {
    const response = await call(t, who, 'culinaryEmployees', { params: { facilityId } });
    expect(response.statusCode, response.body).toBe(200);
    return CulinaryEmployeesResponseSchema.parse(response.json());
  };
  describe('add, edit and list', () => {
    it('adds an employee (201 {id}) and lists every field; the email is kept in lower case', async () => {
      const facilityId = await newFacility();
      const id = await createOk(
        facilityId,
        employee('N100', { email: ' Zoe.Quill@Example.ORG ', active: true }),
      );
      expect(await listOk(facilityId)).toEqual({
        items: [
          {
            id,
            employee_code: 'N100',
            name: 'Zoe Quill',
            department: 'Nursing',
            position: 'Nurse',
            active: true,
            email: 'zoe.quill@example.org',
            version: 1,
          },
        ],
        next_cursor: null,
      });
      const [event] = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'employee.created')
        .where('facility_id', '=', facilityId)
        .execute();
      expect(event?.target_id).toBe(id);
    });

    it('refuses a code with "-" (the active list joins name and code with it), a taken code, a bad email — writing nothing', async () => {
      const facilityId = await newFacility();
      await createOk(facilityId, employee('N1'));
      const before = await dbState(t);
      const dash = await create(facilityId, employee('N-2'));
      expect(dash.statusCode).toBe(400);
      expect(dash.json<{ errors: Record<string, string> }>().errors.employee_code).toBe(
        text.employeeCodeDash,
      );
      const taken = await create(facilityId, employee('N1', { name: 'Other' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ detail: text.employeeCodeTaken('N1') });
      const email = await create(facilityId, employee('N3', { email: 'not-an-email' }));
      expect(email.statusCode).toBe(400);
      expect(email.json<{ errors: Record<string, string> }>().errors.email).toBe(text.invalidEmail);
      expect(await dbState(t)).toEqual(before);
    });

    it('edits department, position, active flag and email at the current version; an older version is 409', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, employee('E1', { email: 'e1@example.org' }));
      const saved = await patchOk(id, {
        department: 'Culinary',
        position: 'Cook',
        active: false,
        email: null,
        version: 1,
      });
      expect(saved).toMatchObject({
        department: 'Culinary',
        position: 'Cook',
        active: false,
        email: null,
        version: 2,
      });
      const before = await dbState(t);
      const stale = await patch(id, { active: true, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: MESSAGES.versionConflict });
      const dash = await patch(id, { employee_code: 'E-1', version: 2 });
      expect(dash.statusCode).toBe(400);
      expect(await dbState(t)).toEqual(before);
    });

    it('answers 404 for an unknown employee and 403 for one of a facility the administrator lacks', async () => {
      const office = await signInNewUser(t, {
        permissions: ['Administration'],
        facilityIds: [MAPLE],
      });
      const unknown = await patch('no-such-employee', { version: 1 }, office);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: text.employeeNotFound });
      const harbor = await t.db
        .selectFrom('employees')
        .select('id')
        .where('facility_id', '=', HARBOR)
        .executeTakeFirstOrThrow();
      const before = await dbState(t);
      const foreign = await patch(harbor.id, { active: false, version: 1 }, office);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      expect(await dbState(t)).toEqual(before);
    });

    it('searches name, code and email, filters by the active flag and pages by name', async () => {
      const facilityId = await newFacility();
      const rows = Array.from(
        { length: 55 },
        (_, n) =>
          `P${String(n).padStart(2, '0')},Person ${String(n).padStart(2, '0')},Nursing,Nurse,${n % 5 === 0 ? 'no' : 'yes'},p${n}@example.org`,
      );
      await importOk(facilityId, file(...rows), false);
      const first = await listOk(facilityId);
      expect(first.items).toHaveLength(50);
      expect(first.next_cursor).not.toBeNull();
      const second = await listOk(facilityId, { cursor: first.next_cursor ?? '' });
      expect(second.items.map((item) => item.employee_code)).toEqual([
        'P50',
        'P51',
        'P52',
        'P53',
        'P54',
      ]);
      expect(second.next_cursor).toBeNull();
      const names = (items: AdminEmployee[]) => items.map((item) => item.employee_code);
      expect(names((await listOk(facilityId, { q: 'p07' })).items)).toEqual(['P07']);
      expect(names((await listOk(facilityId, { q: 'PERSON 1' })).items)).toHaveLength(10);
      expect(names((await listOk(facilityId, { q: 'p3@example' })).items)).toEqual(['P03']);
      const inactive = await listOk(facilityId, { active: 'false' });
      expect(names(inactive.items)).toEqual([
        'P00',
        'P05',
        'P10',
        'P15',
        'P20',
        'P25',
        'P30',
        'P35',
        'P40',
        'P45',
        'P50',
      ]);
    });
  });

  describe('what the staff screens read', () => {
    it('an employee added or imported here appears at once in the department → position → employee list and the culinary review; one deactivated leaves them', async () => {
      const facilityId = await newFacility();
      const staff = await signInNewUser(t, {
        permissions: ['Patients_Surveys'],
        facilityIds: [facilityId],
      });
      // Read first, so a cached answer would be there to go stale.
      expect(await activeList(staff, facilityId)).toEqual({});
      expect(await culinaryList(staff, facilityId)).toEqual([]);

      const nurse = await createOk(facilityId, employee('N7', { name: 'Ana Ruiz' }));
      expect(await activeList(staff, facilityId)).toEqual({
        Nursing: { Nurse: ['Ana Ruiz-N7'] },
      });
      await importOk(facilityId, file('C1,Bo Chef,Culinary Services,Cook,true,'), false);
      expect(await activeList(staff, facilityId)).toEqual({
        'Culinary Services': { Cook: ['Bo Chef-C1'] },
        Nursing: { Nurse: ['Ana Ruiz-N7'] },
      });
      expect(await culinaryList(staff, facilityId)).toEqual([
        {
          employee_code: 'C1',
          name: 'Bo Chef',
          position: 'Cook',
          department: 'Culinary Services',
        },
      ]);
      await patchOk(nurse, { active: false, version: 1 });
      await importOk(facilityId, file('C1,Bo Chef,Culinary Services,Cook,false,'), false);
      expect(await activeList(staff, facilityId)).toEqual({});
      expect(await culinaryList(staff, facilityId)).toEqual([]);
    });
  });

  describe('import and export', () => {
    it('reads true/false, yes/no and 1/0; previews new, changed and unchanged; imports in one go', async () => {
      const facilityId = await newFacility();
      await importOk(
        facilityId,
        file('A1,Ann,Nursing,Nurse,TRUE,', 'A2,Ben,Nursing,Aide,1,'),
        false,
      );
      const next = file(
        'A1,Ann,Nursing,Nurse,yes,', // unchanged
        'A2,Ben,Nursing,Aide,0,ben@example.org', // changed
        'A3,Cy,Culinary,Cook,No,', // new
      );
      const before = await dbState(t);
      const preview = await importOk(facilityId, next, true);
      expect(preview).toEqual({ created: 1, updated: 1, unchanged: 1, errors: [] });
      expect(await dbState(t)).toEqual(before);
      expect(await importOk(facilityId, next, false)).toEqual(preview);
      const items = (await listOk(facilityId)).items;
      expect(
        items.map((item) => [item.employee_code, item.active, item.email, item.version]),
      ).toEqual([
        ['A1', true, null, 1],
        ['A2', false, 'ben@example.org', 2],
        ['A3', false, null, 1],
      ]);
      const events = await t.db
        .selectFrom('audit_events')
        .select('detail_json')
        .where('action', '=', 'employee.imported')
        .where('facility_id', '=', facilityId)
        .execute();
      expect(events.map((event) => JSON.parse(event.detail_json ?? '{}'))).toContainEqual({
        created: 1,
        updated: 1,
        unchanged: 1,
      });
    });

    it('names every problem by row and column and writes nothing', async () => {
      const facilityId = await newFacility();
      const before = await dbState(t);
      const response = await importFile(
        facilityId,
        file(
          'OK1,Fine,Nursing,Nurse,true,',
          'BAD-1,Dash,Nursing,Nurse,true,', // row 3
          'OK2,,,,maybe,nope', // row 4
          'OK1,Again,Nursing,Nurse,true,', // row 5
          `OK3,${'n'.repeat(201)},Nursing,Nurse,,`, // row 6
        ),
        false,
      );
      expect(response.statusCode).toBe(400);
      const refused = ImportRefusalSchema.parse(response.json());
      expect(refused.errors).toEqual([
        { row: 3, column: 'employee_code', message: text.employeeCodeDash },
        { row: 4, column: 'name', message: text.required },
        { row: 4, column: 'department', message: text.required },
        { row: 4, column: 'position', message: text.required },
        { row: 4, column: 'active', message: text.invalidFlag },
        { row: 4, column: 'email', message: text.invalidEmail },
        { row: 5, column: 'employee_code', message: text.duplicateKey(2) },
        { row: 6, column: 'name', message: text.tooLong(200) },
        { row: 6, column: 'active', message: text.required },
      ]);
      expect(refused).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
      expect(await dbState(t)).toEqual(before);
    });

    it('exports the staff list with the import’s columns, formulas neutralised, as an attachment', async () => {
      const facilityId = await newFacility();
      await importOk(
        facilityId,
        file('X1,=1+2,@Culinary,+Cook,true,x1@example.org', 'X2,"Ruiz, Ana",Nursing,Nurse,false,'),
        false,
      );
      const response = await call(t, admin, 'adminEmployeesExport', { params: { facilityId } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="employees-staff-home-${facilities}-${TEST_TODAY}.csv"`,
      );
      expect(response.body).toBe(
        `\uFEFF${HEADER}\r\n` +
          `X1,'=1+2,'@Culinary,'+Cook,true,x1@example.org\r\n` +
          `X2,"Ruiz, Ana",Nursing,Nurse,false,\r\n`,
      );
      // Imported again, the file changes nothing.
      expect(await importOk(facilityId, response.body, false)).toMatchObject({ unchanged: 2 });
    });
  });
});
