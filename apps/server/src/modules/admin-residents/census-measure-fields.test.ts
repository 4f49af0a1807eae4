import {
  ADMIN_TEXT,
  AdminResidentSchema,
  CENSUS_FIELD_MESSAGES,
  ImportRefusalSchema,
  ImportReportSchema,
  type AdminResident,
} from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../db/values.js';
import { describeEachDialect, TEST_TODAY, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, signInNewUser } from '../../test/survey-kit.js';

const text = ADMIN_TEXT.census;
const BASE = 'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language';
const MEASURES = 'admission_type,discharge_destination,guardian,bims_score,bims_on';
const FULL = `${BASE},${MEASURES}`;
const csv = (header: string, ...rows: string[]) => [header, ...rows].join('\n');

/** The census fields the measures need (issue 34 item 2, DESIGN §9, ADR 053). */
describeEachDialect('census: the measures’ fields', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  let facilities = 0;
  let clients = 0;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  async function newFacility(): Promise<string> {
    facilities += 1;
    const id = `measures-${facilities}`;
    await t.db
      .insertInto('facilities')
      .values({ id, name: `Measures Home ${facilities}`, languages_json: '["en"]' })
      .execute();
    return id;
  }

  const base = () => {
    clients += 1;
    return {
      client_id: `M-${clients}`,
      first_name: 'Ada',
      last_name: `Measure${clients}`,
      preferred_language: 'en',
    };
  };
  const create = (facilityId: string, body: Record<string, unknown>) =>
    call(t, admin, 'adminResidentCreate', { params: { facilityId }, body });
  const createOk = async (facilityId: string, body: Record<string, unknown>) => {
    const response = await create(facilityId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const patch = (residentId: string, body: Record<string, unknown>) =>
    call(t, admin, 'adminResidentUpdate', { params: { residentId }, body });
  const patchOk = async (residentId: string, body: Record<string, unknown>) => {
    const response = await patch(residentId, body);
    expect(response.statusCode, response.body).toBe(200);
    return AdminResidentSchema.parse(response.json());
  };
  const listed = async (facilityId: string, id: string): Promise<AdminResident> => {
    const response = await call(t, admin, 'adminResidents', { params: { facilityId } });
    expect(response.statusCode, response.body).toBe(200);
    const items = (response.json<{ items: unknown[] }>().items ?? []).map((item) =>
      AdminResidentSchema.parse(item),
    );
    const found = items.find((item) => item.id === id);
    if (!found) throw new Error(`resident ${id} not listed`);
    return found;
  };
  const row = (id: string) =>
    t.db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const detail = (body: string) => JSON.parse(body) as { detail: string };

  describe('recorded and returned', () => {
    it('a new resident has none recorded and no guardian', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, { ...base(), admitted_on: TEST_TODAY });
      expect(await listed(facilityId, id)).toMatchObject({
        admission_type: null,
        discharge_destination: null,
        guardian: false,
        bims_score: null,
        bims_on: null,
      });
      expect(await row(id)).toMatchObject({ guardian: 0, bims_score: null });
    });

    it('the form records every field; the list and the edit answer them', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        ...base(),
        admitted_on: addDays(TEST_TODAY, -30),
        discharged_on: TEST_TODAY,
        admission_type: 'short_stay',
        discharge_destination: 'home',
        guardian: true,
        bims_score: 13,
        bims_on: addDays(TEST_TODAY, -29),
      });
      const expected = {
        admission_type: 'short_stay',
        discharge_destination: 'home',
        guardian: true,
        bims_score: 13,
        bims_on: addDays(TEST_TODAY, -29),
      };
      const resident = await listed(facilityId, id);
      expect(resident).toMatchObject(expected);
      expect(await row(id)).toMatchObject({ ...expected, guardian: 1 });

      const edited = await patchOk(id, {
        version: resident.version,
        admission_type: 'long_stay',
        discharge_destination: 'died',
        guardian: false,
        bims_score: 0,
        bims_on: TEST_TODAY,
      });
      expect(edited).toMatchObject({
        admission_type: 'long_stay',
        discharge_destination: 'died',
        guardian: false,
        bims_score: 0,
        bims_on: TEST_TODAY,
        version: resident.version + 1,
      });
      // An edit of another field keeps them; the audit names the fields, never their values.
      const renamed = await patchOk(id, { version: edited.version, first_name: 'Adele' });
      expect(renamed).toMatchObject({ discharge_destination: 'died', bims_score: 0 });
      const events = await t.db
        .selectFrom('audit_events')
        .select('detail_json')
        .where('target_id', '=', id)
        .where('action', '=', 'resident.updated')
        .execute();
      expect(events.map((event) => JSON.parse(event.detail_json ?? '{}').fields)).toContain(
        'admission_type,discharge_destination,guardian,bims_score,bims_on',
      );
      expect(JSON.stringify(events)).not.toContain('died');
    });

    it('clearing them: null for the values, false for the guardian', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        ...base(),
        admission_type: 'assisted_living',
        guardian: true,
        bims_score: 15,
        bims_on: TEST_TODAY,
      });
      const resident = await listed(facilityId, id);
      expect(
        await patchOk(id, {
          version: resident.version,
          admission_type: null,
          guardian: false,
          bims_score: null,
          bims_on: null,
        }),
      ).toMatchObject({ admission_type: null, guardian: false, bims_score: null, bims_on: null });
    });
  });

  describe('refused with a 400 that changes nothing', () => {
    const refusals: [string, Record<string, unknown>, string | RegExp][] = [
      ['an unknown admission type', { admission_type: 'respite' }, /short_stay/],
      [
        'an unknown destination',
        { discharged_on: TEST_TODAY, discharge_destination: 'moon' },
        /snf/,
      ],
      ['a BIMS score of 16', { bims_score: 16, bims_on: TEST_TODAY }, /0 to 15/],
      ['a BIMS score of -1', { bims_score: -1, bims_on: TEST_TODAY }, /0 to 15/],
      ['a BIMS score of 7.5', { bims_score: 7.5, bims_on: TEST_TODAY }, /0 to 15/],
      ['a BIMS score as text', { bims_score: '12', bims_on: TEST_TODAY }, /0 to 15/],
      ['a BIMS score without its date', { bims_score: 12 }, text.bimsBoth],
      ['a BIMS date without a score', { bims_on: TEST_TODAY }, text.bimsBoth],
      [
        'a BIMS date in the future',
        { bims_score: 9, bims_on: addDays(TEST_TODAY, 1) },
        text.bimsInFuture,
      ],
      ['a BIMS date that does not exist', { bims_score: 9, bims_on: '2026-02-30' }, /date/i],
      [
        'a destination without a discharge',
        { discharge_destination: 'home' },
        text.destinationNeedsDischarge,
      ],
      ['a guardian as text', { guardian: 'yes' }, /true or false/],
    ];
    for (const [name, fields, message] of refusals) {
      it(`${name}, added or edited`, async () => {
        const facilityId = await newFacility();
        const created = await create(facilityId, { ...base(), ...fields });
        expect(created.statusCode, created.body).toBe(400);
        expect(created.body).toMatch(message);

        const id = await createOk(facilityId, base());
        const before = await row(id);
        const edited = await patch(id, { version: before.version, ...fields });
        expect(edited.statusCode, edited.body).toBe(400);
        expect(edited.body).toMatch(message);
        expect(await row(id)).toEqual(before);
      });
    }
  });

  describe('a destination belongs to a discharge', () => {
    it('is accepted with a planned discharge date', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        ...base(),
        discharged_on: addDays(TEST_TODAY, 5),
        discharge_destination: 'snf',
      });
      expect(await listed(facilityId, id)).toMatchObject({
        status: 'active',
        discharge_destination: 'snf',
      });
    });

    it('a readmission (the discharge date cleared) clears it', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        ...base(),
        admitted_on: addDays(TEST_TODAY, -20),
        discharged_on: addDays(TEST_TODAY, -1),
        discharge_destination: 'hospital',
      });
      const resident = await listed(facilityId, id);
      expect(resident).toMatchObject({ status: 'discharged', discharge_destination: 'hospital' });
      const readmitted = await patchOk(id, {
        version: resident.version,
        admitted_on: TEST_TODAY,
        discharged_on: null,
      });
      expect(readmitted).toMatchObject({ status: 'active', discharge_destination: null });
    });

    it('clearing the date while naming a destination is refused', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        ...base(),
        discharged_on: addDays(TEST_TODAY, 3),
        discharge_destination: 'home',
      });
      const before = await row(id);
      const response = await patch(id, {
        version: before.version,
        discharged_on: null,
        discharge_destination: 'home',
      });
      expect(response.statusCode).toBe(400);
      expect(detail(response.body).detail).toBe(text.destinationNeedsDischarge);
      expect(await row(id)).toEqual(before);
    });

    it('a resident off the lists without a discharge date may have one', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, base());
      // What "Can't Complete" leaves: off the lists, no discharge date.
      await t.db
        .updateTable('residents')
        .set({ active: 0, discharge_reason: 'Out To Hospital', discharged_at: TEST_TODAY })
        .where('id', '=', id)
        .execute();
      const before = await row(id);
      expect(
        await patchOk(id, { version: before.version, discharge_destination: 'hospital' }),
      ).toMatchObject({ status: 'discharged', discharge_destination: 'hospital' });
    });
  });

  describe('the census file', () => {
    const importFile = (facilityId: string, body: string, dryRun: boolean) =>
      call(t, admin, 'adminResidentsImport', {
        params: { facilityId },
        query: { dry_run: String(dryRun) },
        body,
      });
    const importOk = async (facilityId: string, body: string) => {
      const response = await importFile(facilityId, body, false);
      expect(response.statusCode, response.body.slice(0, 2000)).toBe(200);
      return ImportReportSchema.parse(response.json());
    };
    const exportOf = async (facilityId: string) => {
      const response = await call(t, admin, 'adminResidentsExport', { params: { facilityId } });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const byClient = (facilityId: string, clientId: string) =>
      t.db
        .selectFrom('residents')
        .selectAll()
        .where('facility_id', '=', facilityId)
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
    const residentsOf = (facilityId: string) =>
      t.db
        .selectFrom('residents')
        .selectAll()
        .where('facility_id', '=', facilityId)
        .orderBy('client_id')
        .execute();
    const past = addDays(TEST_TODAY, -10);

    it('imports the optional columns (any case), exports them, and the export imports unchanged', async () => {
      const facilityId = await newFacility();
      const report = await importOk(
        facilityId,
        csv(
          FULL,
          `F-1,Ada,One,${past},${TEST_TODAY},en,Short_Stay,HOSPITAL,yes,7,${past}`,
          `F-2,Bob,Two,${past},,en,long_stay,,false,15,${TEST_TODAY}`,
          `F-3,Cy,Three,,,en,,,,,`,
        ),
      );
      expect(report).toMatchObject({ created: 3, errors: [] });
      expect(await byClient(facilityId, 'F-1')).toMatchObject({
        admission_type: 'short_stay',
        discharge_destination: 'hospital',
        guardian: 1,
        bims_score: 7,
        bims_on: past,
      });
      expect(await byClient(facilityId, 'F-2')).toMatchObject({
        admission_type: 'long_stay',
        discharge_destination: null,
        guardian: 0,
        bims_score: 15,
      });
      expect(await byClient(facilityId, 'F-3')).toMatchObject({
        admission_type: null,
        guardian: 0,
        bims_score: null,
        bims_on: null,
      });
      const exported = await exportOf(facilityId);
      expect(exported).toContain(`\uFEFF${FULL}\r\n`);
      expect(exported).toContain(
        `F-1,Ada,One,${past},${TEST_TODAY},en,short_stay,hospital,true,7,${past}\r\n`,
      );
      expect(exported).toContain(`F-3,Cy,Three,,,en,,,false,,\r\n`);
      expect(await importOk(facilityId, exported)).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: 3,
      });
    });

    it('a file without them (the old columns) keeps what residents have', async () => {
      const facilityId = await newFacility();
      await importOk(
        facilityId,
        csv(FULL, `K-1,Ada,Keep,${past},${TEST_TODAY},en,short_stay,died,true,3,${past}`),
      );
      const before = await byClient(facilityId, 'K-1');
      const report = await importOk(
        facilityId,
        csv(BASE, `K-1,Ada,Keep,${past},${TEST_TODAY},en`, 'K-2,New,Person,,,en'),
      );
      expect(report).toMatchObject({ created: 1, updated: 0, unchanged: 1 });
      expect(await byClient(facilityId, 'K-1')).toEqual(before);
      expect(await byClient(facilityId, 'K-2')).toMatchObject({
        guardian: 0,
        admission_type: null,
      });
      // Some of them only: the others are kept.
      await importOk(
        facilityId,
        csv(`${BASE},guardian`, `K-1,Ada,Keep,${past},${TEST_TODAY},en,false`),
      );
      expect(await byClient(facilityId, 'K-1')).toMatchObject({
        guardian: 0,
        admission_type: 'short_stay',
        discharge_destination: 'died',
        bims_score: 3,
      });
    });

    it('empty cells clear them; a readmission in the file clears the destination', async () => {
      const facilityId = await newFacility();
      await importOk(
        facilityId,
        csv(FULL, `E-1,Ada,Empty,${past},${TEST_TODAY},en,short_stay,snf,true,9,${past}`),
      );
      await importOk(facilityId, csv(FULL, `E-1,Ada,Empty,${past},${TEST_TODAY},en,,snf,,,`));
      expect(await byClient(facilityId, 'E-1')).toMatchObject({
        admission_type: null,
        discharge_destination: 'snf',
        guardian: 0,
        bims_score: null,
        bims_on: null,
      });
      await importOk(facilityId, csv(BASE, `E-1,Ada,Empty,${TEST_TODAY},,en`));
      expect(await byClient(facilityId, 'E-1')).toMatchObject({
        active: 1,
        discharge_destination: null,
      });
    });

    it('a resident off the lists without a discharge date keeps a destination through the file', async () => {
      const facilityId = await newFacility();
      await importOk(facilityId, csv(BASE, 'O-1,Ada,Off,,,en'));
      await t.db
        .updateTable('residents')
        .set({ active: 0, discharge_reason: 'Out To Hospital', discharged_at: TEST_TODAY })
        .where('facility_id', '=', facilityId)
        .execute();
      expect(
        await importOk(facilityId, csv(FULL, 'O-1,Ada,Off,,,en,,hospital,false,,')),
      ).toMatchObject({ updated: 1, errors: [] });
      expect(await byClient(facilityId, 'O-1')).toMatchObject({
        active: 0,
        discharge_destination: 'hospital',
      });
    });

    it('names every wrong cell by row and column and writes nothing, dry run or not', async () => {
      const facilityId = await newFacility();
      await importOk(facilityId, csv(BASE, 'W-0,Was,There,,,en'));
      const before = await residentsOf(facilityId);
      const future = addDays(TEST_TODAY, 1);
      const body = csv(
        FULL,
        `W-1,A,B,,,en,respite,,,,`,
        `W-2,A,B,,${TEST_TODAY},en,,moon,maybe,,`,
        `W-3,A,B,,,en,,,,16,${past}`,
        `W-4,A,B,,,en,,,,7.5,${past}`,
        `W-5,A,B,,,en,,,,abc,2026-02-30`,
        `W-6,A,B,,,en,,,,12,`,
        `W-7,A,B,,,en,,,,,${past}`,
        `W-8,A,B,,,en,,,,9,${future}`,
        `W-0,Was,There,,,en,,home,,,`,
        `W-9,Fine,Row,,,en,short_stay,,true,10,${past}`,
      );
      const expected = [
        { row: 2, column: 'admission_type', message: CENSUS_FIELD_MESSAGES.admissionType },
        {
          row: 3,
          column: 'discharge_destination',
          message: CENSUS_FIELD_MESSAGES.dischargeDestination,
        },
        { row: 3, column: 'guardian', message: text.invalidFlag },
        { row: 4, column: 'bims_score', message: CENSUS_FIELD_MESSAGES.bimsScore },
        { row: 5, column: 'bims_score', message: CENSUS_FIELD_MESSAGES.bimsScore },
        { row: 6, column: 'bims_score', message: CENSUS_FIELD_MESSAGES.bimsScore },
        { row: 6, column: 'bims_on', message: expect.stringMatching(/date/i) },
        { row: 7, column: 'bims_on', message: text.bimsBoth },
        { row: 8, column: 'bims_score', message: text.bimsBoth },
        { row: 9, column: 'bims_on', message: text.bimsInFuture },
        { row: 10, column: 'discharge_destination', message: text.destinationNeedsDischarge },
      ];
      for (const dryRun of [true, false]) {
        const response = await importFile(facilityId, body, dryRun);
        expect(response.statusCode, response.body).toBe(400);
        const refusal = ImportRefusalSchema.parse(response.json());
        expect(refusal.errors).toEqual(expected);
        expect(refusal.detail).toBe(text.importRefused(expected.length));
      }
      expect(await residentsOf(facilityId)).toEqual(before);
    });
  });

  describe('"Can\'t Complete" on a Discharge survey', () => {
    /** A discharged resident with an open survey of the type; its id and the survey's. */
    async function residentWithSurvey(
      type: 'Admission' | 'Discharge',
      extra: Record<string, unknown> = {},
    ) {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        ...base(),
        admitted_on: addDays(TEST_TODAY, -20),
        ...(type === 'Discharge' ? { discharged_on: addDays(TEST_TODAY, -1) } : {}),
        ...extra,
      });
      const survey = await t.db
        .selectFrom('surveys')
        .select('id')
        .where('resident_id', '=', id)
        .where('survey_type', '=', type)
        .executeTakeFirstOrThrow();
      const staff = await signInNewUser(t, {
        permissions: ['Patients_Surveys'],
        facilityIds: [facilityId],
      });
      return { id, surveyId: survey.id, staff };
    }
    const cantComplete = async (who: SignedIn, patientId: string, reason: string) => {
      const response = await call(t, who, 'residentDischarged', {
        body: { user_id: who.body.sf_user_id, patientId, reason },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    const cases: [string, string | null][] = [
      ['Out To Hospital', 'hospital'],
      ['Left AMA', 'ama'],
      ['Discharged', null],
      ['Resident Refused', null],
    ];
    for (const [reason, destination] of cases) {
      it(`"${reason}" records ${destination ?? 'no destination'}`, async () => {
        const { id, surveyId, staff } = await residentWithSurvey('Discharge');
        await cantComplete(staff, surveyId, reason);
        expect(await row(id)).toMatchObject({
          active: 0,
          discharge_reason: reason,
          discharge_destination: destination,
        });
      });
    }

    it('keeps a destination already recorded', async () => {
      const { id, surveyId, staff } = await residentWithSurvey('Discharge', {
        discharge_destination: 'home',
      });
      await cantComplete(staff, surveyId, 'Out To Hospital');
      expect(await row(id)).toMatchObject({ active: 0, discharge_destination: 'home' });
    });

    it('an Admission survey records none (no discharge to place)', async () => {
      const { id, surveyId, staff } = await residentWithSurvey('Admission');
      await cantComplete(staff, surveyId, 'Out To Hospital');
      expect(await row(id)).toMatchObject({ active: 0, discharge_destination: null });
    });
  });
});
