import { ADMIN_TEXT, AdminResidentSchema, type AdminResident } from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../db/values.js';
import { describeEachDialect, TEST_TODAY, useTestApp, type SignedIn } from '../../test/harness.js';
import { call } from '../../test/survey-kit.js';

const text = ADMIN_TEXT.census;

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
});
