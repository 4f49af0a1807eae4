/**
 * ADR 056: the census and staff imports read a facility's own export — a column mapping (the
 * field of each column, unknown columns ignored, guessed from common EHR header names and
 * remembered per facility), the file's date format (ISO, US, day-first; ambiguous → chosen), and
 * language names as well as codes. A file with CareVoice's own header reads as before.
 */
import fs from 'node:fs';
import {
  IMPORT_MAPPING_MESSAGES,
  ImportRefusalSchema,
  ImportReportSchema,
  MESSAGES,
  type ImportReport,
} from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';

/** A PointClickCare-shaped census export: its own headers, Unit / Room / Payer, US dates. */
const PCC_CENSUS = fs.readFileSync(
  new URL('../../test/fixtures/pcc-census.csv', import.meta.url),
  'utf8',
);
const PCC_MAPPING = [
  'client_id',
  'last_name',
  'first_name',
  '',
  '',
  'admitted_on',
  'discharged_on',
  '',
  'preferred_language',
  '',
].join(',');

describeEachDialect('imports: column mapping, date formats, language names', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  let count = 0;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  async function newFacility(): Promise<string> {
    count += 1;
    const created = await call(t, admin, 'adminCreateFacility', {
      body: { name: `Mapping Home ${dialect} ${count} ${Date.now()}`, languages: ['en', 'es'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string }>().id;
  }

  const send = (
    endpoint: 'adminResidentsImport' | 'adminEmployeesImport',
    facilityId: string,
    csv: string,
    query: Record<string, string>,
  ) =>
    call(t, admin, endpoint, {
      params: { facilityId },
      query: { dry_run: 'true', ...query },
      body: csv,
    });
  const ok = async (...args: Parameters<typeof send>): Promise<ImportReport> => {
    const response = await send(...args);
    expect(response.statusCode, response.body.slice(0, 2000)).toBe(200);
    return ImportReportSchema.parse(response.json());
  };
  const refused = async (...args: Parameters<typeof send>) => {
    const response = await send(...args);
    expect(response.statusCode, response.body.slice(0, 2000)).toBe(400);
    return ImportRefusalSchema.parse(response.json());
  };
  const residents = (facilityId: string) =>
    t.db
      .selectFrom('residents')
      .select(['client_id', 'first_name', 'last_name', 'admitted_on', 'discharged_on'])
      .select('preferred_language')
      .where('facility_id', '=', facilityId)
      .orderBy('client_id')
      .execute();
  const remembered = (facilityId: string) =>
    t.db
      .selectFrom('import_mappings')
      .selectAll()
      .where('facility_id', '=', facilityId)
      .orderBy('kind')
      .execute();

  describe('residents', () => {
    it('an EHR census export: the guess, the preview with US dates confirmed, the import, and the mapping remembered', async () => {
      const facilityId = await newFacility();
      const before = await dbState(t);

      // Without a mapping the file is read by its header names, as before: refused, with the
      // guess for a mapping step.
      const asBefore = await refused('adminResidentsImport', facilityId, PCC_CENSUS, {});
      expect(asBefore.errors).toContainEqual({
        row: 1,
        column: 'resident id',
        message: MESSAGES.csvUnknownColumn,
      });
      expect(asBefore.mapping).toEqual({
        columns: [
          { header: 'Resident ID', field: 'client_id' },
          { header: 'Last Name', field: 'last_name' },
          { header: 'First Name', field: 'first_name' },
          { header: 'Unit', field: null },
          { header: 'Room', field: null },
          { header: 'Admit Date', field: 'admitted_on' },
          { header: 'Discharge Date', field: 'discharged_on' },
          { header: 'Payer', field: null },
          { header: 'Primary Language', field: 'preferred_language' },
          { header: 'Date of Birth', field: null },
        ],
        applied: false,
        remembered: false,
        date_format: 'us',
        date_format_ambiguous: false,
        date_sample: '03/14/2026',
      });

      // With the guessed mapping: US dates recognised, language names read, Unit / Room /
      // Payer / Date of Birth ignored; nothing written by the preview.
      const preview = await ok('adminResidentsImport', facilityId, PCC_CENSUS, {
        mapping: PCC_MAPPING,
      });
      expect(preview).toMatchObject({
        created: 8,
        updated: 0,
        unchanged: 0,
        errors: [],
        surveys: { admission: 8, discharge: 1 },
        mapping: { applied: true, remembered: false, date_format: 'us' },
      });
      expect(await dbState(t)).toEqual(before);

      const imported = await ok('adminResidentsImport', facilityId, PCC_CENSUS, {
        mapping: PCC_MAPPING,
        date_format: 'us',
        dry_run: 'false',
      });
      expect(imported).toMatchObject({ created: 8, mapping: { date_format: 'us' } });
      const rows = await residents(facilityId);
      expect(rows.map((row) => row.preferred_language)).toEqual([
        'es',
        'en',
        'en',
        'es',
        'en',
        'es',
        'en',
        'es',
      ]);
      expect(rows[0]).toEqual({
        client_id: '100234',
        first_name: 'Rosa',
        last_name: 'Alvarez',
        admitted_on: '2026-03-14',
        discharged_on: null,
        preferred_language: 'es',
      });
      expect(rows[2]).toMatchObject({
        last_name: 'Chen, Jr.',
        admitted_on: '2026-09-05',
        discharged_on: '2026-11-20',
      });
      // Audited as before: one import event with its counts.
      const audit = await t.db
        .selectFrom('audit_events')
        .select(['action', 'detail_json'])
        .where('facility_id', '=', facilityId)
        .where('action', '=', 'resident.imported')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.detail_json ?? '{}')).toMatchObject({ created: 8 });
      expect(await remembered(facilityId)).toEqual([
        expect.objectContaining({ kind: 'residents', date_format: 'us' }),
      ]);

      // The same export next month: nothing changed; the suggestion is the facility's own.
      const again = await refused('adminResidentsImport', facilityId, PCC_CENSUS, {});
      expect(again.mapping).toMatchObject({ remembered: true, date_format: 'us' });
      expect(
        await ok('adminResidentsImport', facilityId, PCC_CENSUS, { mapping: PCC_MAPPING }),
      ).toMatchObject({ created: 0, updated: 0, unchanged: 8 });
    });

    it('a "Resident Name" column written "Last, First" and two-digit years: guessed, split, read and remembered', async () => {
      const facilityId = await newFacility();
      const csv = [
        'Resident #,Resident Name,Admit Date,Discharge Date,Language',
        '"M-1","Lopez, Maria",03/14/26,,Spanish',
        '"M-2","Chen, Jr., Wei",12/30/98,01/05/26,English',
        '"M-3","Okafor,Ngozi A",11/02/26,,en',
      ].join('\r\n');
      const guess = await refused('adminResidentsImport', facilityId, csv, {});
      expect(guess.mapping?.columns.map((column) => column.field)).toEqual([
        'client_id',
        'full_name',
        'admitted_on',
        'discharged_on',
        'preferred_language',
      ]);
      // Two-digit years are recognised as US dates (a day above 12), and shown as a sample.
      expect(guess.mapping).toMatchObject({ date_format: 'us', date_sample: '03/14/26' });
      const mapping = 'client_id,full_name,admitted_on,discharged_on,preferred_language';
      const preview = await ok('adminResidentsImport', facilityId, csv, { mapping });
      expect(preview).toMatchObject({ created: 3, errors: [], mapping: { date_format: 'us' } });
      await ok('adminResidentsImport', facilityId, csv, {
        mapping,
        date_format: 'us',
        dry_run: 'false',
      });
      expect(await residents(facilityId)).toEqual([
        {
          client_id: 'M-1',
          first_name: 'Maria',
          last_name: 'Lopez',
          admitted_on: '2026-03-14',
          discharged_on: null,
          preferred_language: 'es',
        },
        {
          client_id: 'M-2',
          first_name: 'Wei',
          last_name: 'Chen, Jr.',
          // 98 is 1998 (no census date is after next year); 26 is 2026.
          admitted_on: '1998-12-30',
          discharged_on: '2026-01-05',
          preferred_language: 'en',
        },
        {
          client_id: 'M-3',
          first_name: 'Ngozi A',
          last_name: 'Okafor',
          admitted_on: '2026-11-02',
          discharged_on: null,
          preferred_language: 'en',
        },
      ]);
      // The next file is offered the name column as full_name again.
      const next = await refused('adminResidentsImport', facilityId, csv, {});
      expect(next.mapping).toMatchObject({ remembered: true });
      expect(next.mapping?.columns[1]).toEqual({ header: 'Resident Name', field: 'full_name' });

      // A name without a comma is one problem of the name column, and nothing is written.
      const bad = await refused(
        'adminResidentsImport',
        facilityId,
        'Resident #,Resident Name,Admit Date,Discharge Date,Language\r\nM-4,Maria Lopez,03/14/26,,es\r\n',
        { mapping },
      );
      expect(bad.errors).toEqual([
        { row: 2, column: 'full_name', message: IMPORT_MAPPING_MESSAGES.fullNameForm },
      ]);
      // full_name with a last name column as well: the mapping is refused.
      const clash = await refused(
        'adminResidentsImport',
        facilityId,
        'MRN,Resident Name,Last Name,Admitted,Discharged,Language\r\nM-5,"Ruiz, Ana",Ruiz,2026-11-01,,es\r\n',
        { mapping: 'client_id,full_name,last_name,admitted_on,discharged_on,preferred_language' },
      );
      expect(clash.errors).toEqual([
        {
          row: 1,
          column: 'Last Name',
          message: IMPORT_MAPPING_MESSAGES.fieldTwice('last_name', 'Resident Name'),
        },
      ]);
    });

    it('remembers a mapping the guess does not know, and offers it first next time', async () => {
      const facilityId = await newFacility();
      const csv = 'Pat No;Surname;Given;Admitted;Left;Lang Pref\r\nP-1;Ruiz;Ana;2026-11-01;;es\r\n';
      const guess = await refused('adminResidentsImport', facilityId, csv, {});
      expect(guess.mapping?.columns.map((column) => column.field)).toEqual([
        null,
        'last_name',
        null,
        'admitted_on',
        null,
        null,
      ]);
      await ok('adminResidentsImport', facilityId, csv, {
        mapping: 'client_id,last_name,first_name,admitted_on,discharged_on,preferred_language',
        dry_run: 'false',
      });
      const next = await refused(
        'adminResidentsImport',
        facilityId,
        'PAT NO;surname;given;admitted;left;lang pref;Ward\r\nP-2;Vega;Luis;2026-11-02;;en;B\r\n',
        {},
      );
      expect(next.mapping?.columns.map((column) => column.field)).toEqual([
        'client_id',
        'last_name',
        'first_name',
        'admitted_on',
        'discharged_on',
        'preferred_language',
        null,
      ]);
      expect(next.mapping?.remembered).toBe(true);
    });

    it('asks for the date format when every date fits month/day and day/month, then reads the one chosen', async () => {
      const facilityId = await newFacility();
      const csv = [
        'Resident ID,First Name,Last Name,Admission Date,Discharge Date,Language',
        'D-1,Marie,Dubois,03/04/2026,,French',
        'D-2,Jean,Roux,05/06/2026,07/08/2026,English',
      ]
        .join('\n')
        .replace('French', 'Spanish');
      const mapping = 'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language';
      const before = await dbState(t);
      const ask = await refused('adminResidentsImport', facilityId, csv, {
        mapping,
        dry_run: 'false',
      });
      expect(ask.errors).toEqual([
        {
          row: 1,
          column: 'Admission Date',
          message: IMPORT_MAPPING_MESSAGES.dateFormatAmbiguous,
        },
      ]);
      expect(ask.mapping).toMatchObject({
        date_format: null,
        date_format_ambiguous: true,
        date_sample: '03/04/2026',
      });
      expect(await dbState(t)).toEqual(before);

      expect(
        await ok('adminResidentsImport', facilityId, csv, { mapping, date_format: 'us' }),
      ).toMatchObject({ created: 2, mapping: { date_format: 'us', date_format_ambiguous: true } });
      await ok('adminResidentsImport', facilityId, csv, {
        mapping,
        date_format: 'day_first',
        dry_run: 'false',
      });
      expect(await residents(facilityId)).toMatchObject([
        { client_id: 'D-1', admitted_on: '2026-04-03', discharged_on: null },
        { client_id: 'D-2', admitted_on: '2026-06-05', discharged_on: '2026-08-07' },
      ]);

      // The facility chose day-first: its next ambiguous file is read so, without asking.
      const next = await ok(
        'adminResidentsImport',
        facilityId,
        csv.replace('03/04/2026', '02/03/2026'),
        { mapping },
      );
      expect(next).toMatchObject({ updated: 1, mapping: { date_format: 'day_first' } });
      // A day above 12 decides it.
      const dayFirst = await ok(
        'adminResidentsImport',
        facilityId,
        csv.replace('03/04/2026', '14/03/2026'),
        { mapping },
      );
      expect(dayFirst.mapping).toMatchObject({
        date_format: 'day_first',
        date_format_ambiguous: false,
      });
    });

    it('names a date that is none in the chosen format, or that does not exist, by row and column', async () => {
      const facilityId = await newFacility();
      const csv = [
        'Resident ID,First Name,Last Name,Admit Date,Discharge Date,Language',
        'E-1,Ana,Ruiz,March 3 2026,,es',
        'E-2,Luis,Vega,02/30/2026,,es',
        'E-3,Eva,Mora,2026-03-14,11/02/2026,es',
      ].join('\n');
      const mapping = 'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language';
      const report = await refused('adminResidentsImport', facilityId, csv, {
        mapping,
        date_format: 'us',
      });
      expect(report.errors).toEqual([
        { row: 2, column: 'admitted_on', message: IMPORT_MAPPING_MESSAGES.dateInFormat('us') },
        {
          row: 3,
          column: 'admitted_on',
          message: expect.stringContaining('does not exist') as string,
        },
      ]);
      expect(report.created).toBe(1);
    });

    it('refuses a mapping that gives a field two columns, leaves a required field out, or does not fit the file', async () => {
      const facilityId = await newFacility();
      const before = await dbState(t);
      const twice = await refused('adminResidentsImport', facilityId, PCC_CENSUS, {
        mapping: PCC_MAPPING.replace(
          'client_id,last_name,first_name,,',
          'client_id,last_name,first_name,last_name,',
        ),
        dry_run: 'false',
      });
      expect(twice.detail).toMatch(/Nothing was im/);
      expect(twice.errors).toEqual([
        {
          row: 1,
          column: 'Unit',
          message: IMPORT_MAPPING_MESSAGES.fieldTwice('last_name', 'Last Name'),
        },
      ]);
      const unmapped = await refused('adminResidentsImport', facilityId, PCC_CENSUS, {
        mapping: PCC_MAPPING.replace('client_id', ''),
        dry_run: 'false',
      });
      expect(unmapped.errors).toEqual([
        {
          row: 1,
          column: 'client_id',
          message: IMPORT_MAPPING_MESSAGES.requiredUnmapped('client_id'),
        },
      ]);
      const short = await refused('adminResidentsImport', facilityId, PCC_CENSUS, {
        mapping: 'client_id,last_name,first_name',
      });
      expect(short.errors).toEqual([
        { row: 1, column: '', message: IMPORT_MAPPING_MESSAGES.columnCount(3, 10) },
      ]);
      const unknown = await refused('adminResidentsImport', facilityId, PCC_CENSUS, {
        mapping: PCC_MAPPING.replace(',,,', ',payer,,'),
      });
      expect(unknown.errors).toContainEqual({
        row: 1,
        column: 'Unit',
        message: IMPORT_MAPPING_MESSAGES.unknownField('payer'),
      });
      // A mapping that is no list of field names, or an unknown date format: the query's 400.
      for (const query of [{ mapping: 'Resident ID' }, { date_format: 'mdy' }] as Record<
        string,
        string
      >[]) {
        const response = await send('adminResidentsImport', facilityId, PCC_CENSUS, query);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ detail: string }>().detail).toBeTruthy();
      }
      expect(await dbState(t)).toEqual(before);
    });

    it('reads a file with CareVoice’s own header as before, and language names and US dates in it too', async () => {
      const facilityId = await newFacility();
      const header = 'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language';
      const iso = await ok(
        'adminResidentsImport',
        facilityId,
        `${header}\nC-1,Ana,Ruiz,2026-11-01,,es\n`,
        {},
      );
      expect(iso).toEqual({
        created: 1,
        updated: 0,
        unchanged: 0,
        errors: [],
        surveys: { admission: 1, discharge: 0 },
      });
      const us = await ok(
        'adminResidentsImport',
        facilityId,
        `${header}\nC-1,Ana,Ruiz,11/01/2026,,Spanish\nC-2,Eva,Mora,11/13/2026,,Español\n`,
        { dry_run: 'false' },
      );
      expect(us).toMatchObject({
        created: 2,
        mapping: { applied: false, date_format: 'us' },
      });
      expect(await residents(facilityId)).toMatchObject([
        { client_id: 'C-1', admitted_on: '2026-11-01', preferred_language: 'es' },
        { client_id: 'C-2', admitted_on: '2026-11-13', preferred_language: 'es' },
      ]);
      // Nothing to remember: the file named its own columns.
      expect(await remembered(facilityId)).toEqual([]);
    });
  });

  describe('employees', () => {
    const HR_EXPORT = [
      'Employee #,Employee Name,Dept,Job Title,Status,Work Email,Hire Date,Shift',
      'N100,Nina Novak,Nursing,Registered Nurse,Active,Nina.Novak@lakeside.example,03/14/2019,Day',
      'C200,Carl Cook,Culinary,Chef,Terminated,,11/02/2020,Evening',
      'H300,Hana Holm,Housekeeping,Aide,Active,,01/05/2022,Night',
    ].join('\r\n');

    it('an HR export: the guess, status words read, extra columns ignored, the mapping remembered', async () => {
      const facilityId = await newFacility();
      const guess = await refused('adminEmployeesImport', facilityId, HR_EXPORT, {});
      expect(guess.mapping?.columns.map((column) => column.field)).toEqual([
        'employee_code',
        'name',
        'department',
        'position',
        'active',
        'email',
        null,
        null,
      ]);
      // No date field in a staff file: its dates (Hire Date, ignored) decide nothing.
      expect(guess.mapping?.date_format).toBeNull();
      const mapping = guess.mapping?.columns.map((column) => column.field ?? '').join(',') ?? '';
      expect(await ok('adminEmployeesImport', facilityId, HR_EXPORT, { mapping })).toMatchObject({
        created: 3,
        errors: [],
      });
      await ok('adminEmployeesImport', facilityId, HR_EXPORT, { mapping, dry_run: 'false' });
      const rows = await t.db
        .selectFrom('employees')
        .select(['code', 'name', 'active', 'email'])
        .where('facility_id', '=', facilityId)
        .orderBy('code')
        .execute();
      expect(rows).toEqual([
        { code: 'C200', name: 'Carl Cook', active: 0, email: null },
        { code: 'H300', name: 'Hana Holm', active: 1, email: null },
        { code: 'N100', name: 'Nina Novak', active: 1, email: 'nina.novak@lakeside.example' },
      ]);
      expect(await remembered(facilityId)).toEqual([
        expect.objectContaining({ kind: 'employees' }),
      ]);
      const next = await refused('adminEmployeesImport', facilityId, HR_EXPORT, {});
      expect(next.mapping?.remembered).toBe(true);
    });

    it('refuses two columns for one field and a required field left out', async () => {
      const facilityId = await newFacility();
      const before = await dbState(t);
      const report = await refused('adminEmployeesImport', facilityId, HR_EXPORT, {
        mapping: 'employee_code,name,department,name,active,email,,',
        dry_run: 'false',
      });
      expect(report.errors).toEqual([
        {
          row: 1,
          column: 'Job Title',
          message: IMPORT_MAPPING_MESSAGES.fieldTwice('name', 'Employee Name'),
        },
        {
          row: 1,
          column: 'position',
          message: IMPORT_MAPPING_MESSAGES.requiredUnmapped('position'),
        },
      ]);
      expect(await dbState(t)).toEqual(before);
    });
  });
});
