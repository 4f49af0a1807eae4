import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  AdminResidentListResponseSchema,
  AdminResidentSchema,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  ImportRefusalSchema,
  ImportReportSchema,
  MESSAGES,
  SurveyListResponseSchema,
  type AdminResident,
  type ImportReport,
  type ResidentSurveyType,
} from '@carevoice/shared';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../db/values.js';
import { dbState } from '../../test/endpoint-requests.js';
import {
  describeEachDialect,
  SCALE,
  TEST_TODAY,
  useTestApp,
  type SignedIn,
} from '../../test/harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE, signInNewUser } from '../../test/survey-kit.js';

const text = ADMIN_TEXT.census;
const HEADER = 'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language';
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

describeEachDialect('census: residents', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  let facilities = 0;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  /** A facility of its own (no residents), with census settings. */
  async function newFacility(
    settings: { admissionDays?: number; dischargeDays?: number; languages?: string[] } = {},
  ): Promise<string> {
    facilities += 1;
    const id = `census-${facilities}`;
    await t.db
      .insertInto('facilities')
      .values({
        id,
        name: `Census Home ${facilities}`,
        admission_survey_due_days: settings.admissionDays ?? 7,
        discharge_survey_due_days: settings.dischargeDays ?? 2,
        languages_json: JSON.stringify(settings.languages ?? ['en', 'es']),
      })
      .execute();
    return id;
  }

  const create = (facilityId: string, body: Record<string, unknown>, who = admin) =>
    call(t, who, 'adminResidentCreate', { params: { facilityId }, body });
  const createOk = async (facilityId: string, body: Record<string, unknown>) => {
    const response = await create(facilityId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const patch = (residentId: string, body: Record<string, unknown>, who = admin) =>
    call(t, who, 'adminResidentUpdate', { params: { residentId }, body });
  const patchOk = async (residentId: string, body: Record<string, unknown>) => {
    const response = await patch(residentId, body);
    expect(response.statusCode, response.body).toBe(200);
    return AdminResidentSchema.parse(response.json());
  };
  const list = (facilityId: string, query: Record<string, string> = {}, who = admin) =>
    call(t, who, 'adminResidents', { params: { facilityId }, query });
  const listOk = async (facilityId: string, query: Record<string, string> = {}) => {
    const response = await list(facilityId, query);
    expect(response.statusCode, response.body).toBe(200);
    return AdminResidentListResponseSchema.parse(response.json());
  };
  const importFile = (facilityId: string, csv: string, dryRun: boolean, who = admin) =>
    call(t, who, 'adminResidentsImport', {
      params: { facilityId },
      query: { dry_run: String(dryRun) },
      body: csv,
    });
  const importOk = async (facilityId: string, csv: string, dryRun: boolean) => {
    const response = await importFile(facilityId, csv, dryRun);
    expect(response.statusCode, response.body.slice(0, 2000)).toBe(200);
    return ImportReportSchema.parse(response.json());
  };
  const importRefused = async (facilityId: string, csv: string, dryRun: boolean) => {
    const response = await importFile(facilityId, csv, dryRun);
    expect(response.statusCode, response.body.slice(0, 2000)).toBe(400);
    return ImportRefusalSchema.parse(response.json());
  };
  const residentRow = (id: string) =>
    t.db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const surveysOf = (residentId: string, type?: ResidentSurveyType) =>
    t.db
      .selectFrom('surveys')
      .selectAll()
      .where('resident_id', '=', residentId)
      .$if(type !== undefined, (query) =>
        query.where('survey_type', '=', type as ResidentSurveyType),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const openSurveysOf = async (residentId: string, type: ResidentSurveyType) =>
    (await surveysOf(residentId, type)).filter((survey) =>
      ['due', 'delayed'].includes(survey.status),
    );
  const residentByClientId = (facilityId: string, clientId: string) =>
    t.db
      .selectFrom('residents')
      .selectAll()
      .where('facility_id', '=', facilityId)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
  const auditOf = (action: string, facilityId: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', action)
      .where('facility_id', '=', facilityId)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
  /** The details of the facility's audit events of an action, in a fixed order (events of one
   * request share a time, so their stored order is not theirs). */
  const detailsOf = async (action: string, facilityId: string) =>
    (await auditOf(action, facilityId))
      .map((event) => JSON.parse(event.detail_json ?? '{}') as Record<string, unknown>)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const sortedDetails = (details: Record<string, unknown>[]) =>
    [...details].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  /** A staff member of the facility, who reads the due lists. */
  const staffOf = (facilityId: string) =>
    signInNewUser(t, { permissions: ['Patients_Surveys'], facilityIds: [facilityId] });
  const dueList = async (who: SignedIn, facilityId: string, surveyType: ResidentSurveyType) => {
    const response = await call(t, who, 'surveyList', { params: { facilityId, surveyType } });
    expect(response.statusCode, response.body).toBe(200);
    return SurveyListResponseSchema.parse(response.json()).survey_list;
  };
  const resident = (clientId: string, extra: Record<string, unknown> = {}) => ({
    client_id: clientId,
    first_name: 'Ada',
    last_name: 'Lovelace',
    preferred_language: 'en',
    ...extra,
  });

  describe('add and edit', () => {
    it('adds a resident (201 {id}), lists them with every field, and audits the change', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, {
        client_id: '  C-100  ',
        first_name: ' Ada ',
        last_name: 'Lovelace',
        preferred_language: 'es',
        admitted_on: '2026-11-01',
      });
      const page = await listOk(facilityId);
      expect(page).toEqual({
        items: [
          {
            id,
            client_id: 'C-100',
            first_name: 'Ada',
            last_name: 'Lovelace',
            preferred_language: 'es',
            admitted_on: '2026-11-01',
            discharged_on: null,
            status: 'active',
            admission_type: null,
            discharge_destination: null,
            guardian: false,
            bims_score: null,
            bims_on: null,
            version: 1,
          },
        ],
        next_cursor: null,
      });
      const [event] = await auditOf('resident.created', facilityId);
      expect(event).toMatchObject({ target_type: 'resident', target_id: id });
      expect(event?.actor_user_id).toBe(admin.body.sf_user_id);
      // No names in the audit log.
      expect(event?.detail_json ?? '').not.toContain('Ada');
    });

    it('refuses a client ID the facility already has (409, with a message) and writes nothing', async () => {
      const facilityId = await newFacility();
      await createOk(facilityId, resident('DUP-1'));
      const before = await dbState(t);
      const response = await create(facilityId, resident('DUP-1', { first_name: 'Other' }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: text.clientIdTaken('DUP-1') });
      expect(await dbState(t)).toEqual(before);
      // The same client ID in another facility is another resident.
      const other = await newFacility();
      await createOk(other, resident('DUP-1'));
    });

    it('refuses a language the facility does not offer, a discharge before the admission, and missing fields (400), writing nothing', async () => {
      const facilityId = await newFacility({ languages: ['en'] });
      const before = await dbState(t);
      const language = await create(facilityId, resident('L-1', { preferred_language: 'es' }));
      expect(language.statusCode).toBe(400);
      expect(language.json()).toEqual({ detail: text.languageNotOffered(['en']) });
      const dates = await create(
        facilityId,
        resident('L-2', { admitted_on: '2026-11-10', discharged_on: '2026-11-09' }),
      );
      expect(dates.json()).toEqual({ detail: text.dischargeBeforeAdmission });
      const missing = await create(facilityId, { client_id: 'L-3', first_name: ' ' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ errors: Record<string, string> }>().errors).toMatchObject({
        first_name: text.required,
        last_name: expect.any(String),
        preferred_language: expect.any(String),
      });
      const badDate = await create(facilityId, resident('L-4', { admitted_on: '2026-02-30' }));
      expect(badDate.statusCode).toBe(400);
      const nul = await create(facilityId, resident('L-5', { last_name: 'Love\u0000lace' }));
      expect(nul.statusCode).toBe(400);
      expect(nul.json<{ errors: Record<string, string> }>().errors.last_name).toBe(
        text.nulCharacter,
      );
      expect(await dbState(t)).toEqual(before);
    });

    it('edits any field at the current version, answers the record with the next version, and audits which fields changed', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, resident('E-1'));
      const saved = await patchOk(id, { last_name: 'Byron', preferred_language: 'es', version: 1 });
      expect(saved).toMatchObject({ last_name: 'Byron', preferred_language: 'es', version: 2 });
      expect((await residentRow(id)).version).toBe(2);
      const [event] = await auditOf('resident.updated', facilityId);
      expect(JSON.parse(event?.detail_json ?? '{}')).toEqual({
        fields: 'last_name,preferred_language',
        status: 'active',
      });
      // Saving nothing new changes nothing, not even the version.
      expect(await patchOk(id, { last_name: 'Byron', version: 2 })).toEqual(saved);
      expect(await auditOf('resident.updated', facilityId)).toHaveLength(1);
    });

    it('refuses an edit at an older version (409) and writes nothing; of two concurrent edits at one version exactly one wins', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, resident('V-1'));
      await patchOk(id, { first_name: 'Augusta', version: 1 });
      const before = await dbState(t);
      const stale = await patch(id, { first_name: 'Stale', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: MESSAGES.versionConflict });
      expect(await dbState(t)).toEqual(before);

      const answers = await Promise.all([
        patch(id, { first_name: 'First', version: 2 }),
        patch(id, { first_name: 'Second', version: 2 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const row = await residentRow(id);
      expect(row.version).toBe(3);
      const winner = answers.find((answer) => answer.statusCode === 200);
      expect(row.first_name).toBe(winner?.json<AdminResident>().first_name);
    });

    it('answers 404 for an unknown resident and 403 for a resident of a facility the administrator lacks', async () => {
      const office = await signInNewUser(t, {
        permissions: ['Administration'],
        facilityIds: [MAPLE, RIVERSIDE],
      });
      const unknown = await patch('no-such-resident', { version: 1 }, office);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: text.residentNotFound });
      const harborResident = await t.db
        .selectFrom('residents')
        .select('id')
        .where('facility_id', '=', HARBOR)
        .executeTakeFirstOrThrow();
      const before = await dbState(t);
      const foreign = await patch(harborResident.id, { first_name: 'X', version: 1 }, office);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const listed = await list(HARBOR, {}, office);
      expect(listed.statusCode).toBe(403);
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses to move a resident onto a client ID the facility already has (409)', async () => {
      const facilityId = await newFacility();
      await createOk(facilityId, resident('T-1'));
      const id = await createOk(facilityId, resident('T-2'));
      const response = await patch(id, { client_id: 'T-1', version: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: text.clientIdTaken('T-1') });
    });
  });

  describe('the list', () => {
    it('pages through the facility by last name, first name and id, each resident once', async () => {
      const facilityId = await newFacility();
      const count = ADMIN_PAGE_SIZE * 2 + 7;
      const rows = Array.from({ length: count }, (_, n) => {
        const last = ['Zane', 'abbott', 'Moss', 'Ng'][n % 4] as string;
        return `P-${n},Person${String(n % 9)},${last},,,en`;
      });
      await importOk(facilityId, [HEADER, ...rows].join('\n'), false);

      const seen: AdminResident[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await listOk(facilityId, cursor ? { cursor } : {});
        pages += 1;
        expect(page.items.length).toBeLessThanOrEqual(ADMIN_PAGE_SIZE);
        seen.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(count);
      expect(new Set(seen.map((item) => item.id)).size).toBe(count);
      const key = (item: AdminResident) => [item.last_name, item.first_name, item.id];
      const sorted = [...seen].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        for (let index = 0; index < 3; index += 1) {
          const left = x[index] as string;
          const right = y[index] as string;
          if (left !== right) return left < right ? -1 : 1;
        }
        return 0;
      });
      expect(seen).toEqual(sorted);
    });

    it('searches names and client IDs ignoring case, with % and _ taken literally, and filters by status', async () => {
      const facilityId = await newFacility();
      const a = await createOk(
        facilityId,
        resident('ABC-1', { first_name: 'Maria', last_name: "O'Neil" }),
      );
      const b = await createOk(
        facilityId,
        resident('XYZ-2', { first_name: 'Mario', last_name: 'Rossi' }),
      );
      const c = await createOk(
        facilityId,
        resident('50%_OFF', { first_name: 'Zoë', last_name: 'Quill', discharged_on: TEST_TODAY }),
      );
      const ids = async (query: Record<string, string>) =>
        (await listOk(facilityId, query)).items.map((item) => item.id);
      expect(await ids({ q: 'MARI' })).toEqual([a, b]);
      expect(await ids({ q: 'maria o' })).toEqual([a]);
      expect(await ids({ q: 'rossi mario' })).toEqual([b]);
      expect(await ids({ q: 'abc-' })).toEqual([a]);
      expect(await ids({ q: '%' })).toEqual([c]);
      expect(await ids({ q: '0%_' })).toEqual([c]);
      expect(await ids({ q: '_' })).toEqual([c]);
      expect(await ids({ q: 'nobody' })).toEqual([]);
      expect(await ids({ status: 'discharged' })).toEqual([c]);
      expect(await ids({ status: 'active' })).toEqual([a, b]);
      expect(await ids({ status: 'active', q: 'rossi' })).toEqual([b]);
    });

    it('refuses a cursor that is not one of its own (400) and an unknown status', async () => {
      const facilityId = await newFacility();
      const bad = await list(facilityId, { cursor: 'not-a-cursor' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: MESSAGES.invalidCursor });
      const status = await list(facilityId, { status: 'gone' });
      expect(status.statusCode).toBe(400);
    });
  });

  describe('scheduling: the census makes surveys due', () => {
    it('admitting makes the Admission survey due admission_survey_due_days later, on the staff due list', async () => {
      const facilityId = await newFacility({ admissionDays: 5 });
      const staff = await staffOf(facilityId);
      expect(await dueList(staff, facilityId, 'Admission')).toEqual([]);
      const id = await createOk(facilityId, resident('S-1', { admitted_on: '2026-11-20' }));
      const [survey, ...more] = await surveysOf(id);
      expect(more).toEqual([]);
      expect(survey).toMatchObject({
        facility_id: facilityId,
        survey_type: 'Admission',
        survey_set_id: null,
        due_date: '2026-11-25',
        status: 'due',
        created_by: admin.body.sf_user_id,
        created_at: t.clock.now().toISOString(),
      });
      expect(await dueList(staff, facilityId, 'Admission')).toEqual([
        {
          id: survey?.id,
          first_name: 'Ada',
          last_name: 'Lovelace',
          due_date: '2026-11-25',
          preferred_language: 'en',
        },
      ]);
      const [event] = await auditOf('survey.scheduled', facilityId);
      expect(event?.target_id).toBe(survey?.id);
      expect(JSON.parse(event?.detail_json ?? '{}')).toEqual({
        survey_type: 'Admission',
        due_date: '2026-11-25',
        resident_id: id,
      });
    });

    it('admitting a resident created without a date (PATCH) schedules it too; no date, no survey', async () => {
      const facilityId = await newFacility({ admissionDays: 3 });
      const id = await createOk(facilityId, resident('S-2'));
      expect(await surveysOf(id)).toEqual([]);
      await patchOk(id, { admitted_on: '2026-11-22', version: 1 });
      const surveys = await openSurveysOf(id, 'Admission');
      expect(surveys.map((survey) => survey.due_date)).toEqual(['2026-11-25']);
    });

    it('a planned discharge date makes the Discharge survey due discharge_survey_due_days later, on the Discharge due list; the resident stays active', async () => {
      const facilityId = await newFacility({ dischargeDays: 2 });
      const staff = await staffOf(facilityId);
      const id = await createOk(facilityId, resident('S-3', { admitted_on: '2026-10-01' }));
      const saved = await patchOk(id, { discharged_on: '2026-12-01', version: 1 });
      expect(saved.status).toBe('active');
      const [discharge] = await openSurveysOf(id, 'Discharge');
      expect(discharge?.due_date).toBe('2026-12-03');
      expect(await dueList(staff, facilityId, 'Discharge')).toEqual([
        {
          id: discharge?.id,
          first_name: 'Ada',
          last_name: 'Lovelace',
          due_date: '2026-12-03',
          preferred_language: 'en',
        },
      ]);
    });

    it('re-saving keeps one open survey per type; changing a date moves its due date (same survey, delay cleared)', async () => {
      const facilityId = await newFacility({ admissionDays: 7, dischargeDays: 0 });
      const id = await createOk(
        facilityId,
        resident('S-4', { admitted_on: '2026-11-20', discharged_on: '2026-12-20' }),
      );
      const [admission] = await openSurveysOf(id, 'Admission');
      const [discharge] = await openSurveysOf(id, 'Discharge');
      // Re-saving the same dates, and another field, schedules nothing new.
      await patchOk(id, { admitted_on: '2026-11-20', discharged_on: '2026-12-20', version: 1 });
      await patchOk(id, { first_name: 'Augusta', version: 1 });
      expect(await openSurveysOf(id, 'Admission')).toEqual([admission]);
      expect(await openSurveysOf(id, 'Discharge')).toEqual([discharge]);
      // The staff delayed the Discharge survey; the census then postponed the discharge.
      await t.db
        .updateTable('surveys')
        .set({ status: 'delayed', delayed_until: '2026-12-24' })
        .where('id', '=', discharge?.id as string)
        .execute();
      await patchOk(id, { admitted_on: '2026-11-21', discharged_on: '2027-01-05', version: 2 });
      expect(await openSurveysOf(id, 'Admission')).toEqual([
        { ...admission, due_date: '2026-11-28' },
      ]);
      expect(await openSurveysOf(id, 'Discharge')).toEqual([
        { ...discharge, due_date: '2027-01-05', status: 'due', delayed_until: null },
      ]);
      const moves = (await detailsOf('survey.scheduled', facilityId)).filter(
        (detail) => 'moved_from' in detail,
      );
      expect(moves).toEqual(
        sortedDetails([
          {
            survey_type: 'Admission',
            due_date: '2026-11-28',
            moved_from: '2026-11-27',
            resident_id: id,
          },
          {
            survey_type: 'Discharge',
            due_date: '2027-01-05',
            moved_from: '2026-12-20',
            resident_id: id,
          },
        ]),
      );
    });

    it('does not make a second survey of a type taken during this stay, and makes a new one for a readmission', async () => {
      const facilityId = await newFacility({ admissionDays: 7 });
      const id = await createOk(facilityId, resident('S-5', { admitted_on: '2026-11-20' }));
      const [first] = await openSurveysOf(id, 'Admission');
      await t.db
        .updateTable('surveys')
        .set({ status: 'completed', submitted_at: t.clock.now().toISOString() })
        .where('id', '=', first?.id as string)
        .execute();
      // A correction of the admission date: the stay's survey was taken.
      await patchOk(id, { admitted_on: '2026-11-18', version: 1 });
      expect(await surveysOf(id, 'Admission')).toHaveLength(1);
      // Discharged, then readmitted months later: a new stay, a new Admission survey.
      await patchOk(id, { discharged_on: '2026-11-21', version: 2 });
      const readmitted = await patchOk(id, {
        admitted_on: '2027-03-01',
        discharged_on: null,
        version: 3,
      });
      expect(readmitted.status).toBe('active');
      const admissions = await surveysOf(id, 'Admission');
      expect(admissions.map((survey) => [survey.status, survey.due_date])).toEqual([
        ['completed', '2026-11-27'],
        ['due', '2027-03-08'],
      ]);
      // The discharge of the last stay is over: its survey, never taken, is closed, not deleted.
      expect((await surveysOf(id, 'Discharge')).map((survey) => survey.status)).toEqual([
        'not_completable',
      ]);
      // A discharge in the new stay asks again.
      await patchOk(id, { discharged_on: '2027-05-01', version: 4 });
      expect((await openSurveysOf(id, 'Discharge')).map((survey) => survey.due_date)).toEqual([
        '2027-05-03',
      ]);
    });

    it('calling off a planned discharge closes its Discharge survey; planning again asks again', async () => {
      const facilityId = await newFacility({ dischargeDays: 0 });
      const staff = await staffOf(facilityId);
      const id = await createOk(
        facilityId,
        resident('S-8', { admitted_on: '2026-11-01', discharged_on: '2026-12-15' }),
      );
      expect((await dueList(staff, facilityId, 'Discharge')).map((item) => item.due_date)).toEqual([
        '2026-12-15',
      ]);
      await patchOk(id, { discharged_on: null, version: 1 });
      expect(await dueList(staff, facilityId, 'Discharge')).toEqual([]);
      expect((await surveysOf(id, 'Discharge')).map((survey) => survey.status)).toEqual([
        'not_completable',
      ]);
      await patchOk(id, { discharged_on: '2027-01-10', version: 2 });
      expect((await dueList(staff, facilityId, 'Discharge')).map((item) => item.due_date)).toEqual([
        '2027-01-10',
      ]);
      expect(await surveysOf(id, 'Discharge')).toHaveLength(2);
    });

    it('a discharge date of today or earlier discharges the resident: off the staff lists, surveys kept; readmitting brings them back', async () => {
      const facilityId = await newFacility({ admissionDays: 7, dischargeDays: 0 });
      const staff = await staffOf(facilityId);
      const id = await createOk(facilityId, resident('S-6', { admitted_on: '2026-11-20' }));
      const [admission] = await openSurveysOf(id, 'Admission');
      const discharged = await patchOk(id, { discharged_on: TEST_TODAY, version: 1 });
      expect(discharged.status).toBe('discharged');
      expect(await residentRow(id)).toMatchObject({
        active: 0,
        discharge_reason: 'Discharged',
        discharged_at: t.clock.now().toISOString(),
      });
      // The Admission survey not yet taken stays on record, off the due list.
      expect(await openSurveysOf(id, 'Admission')).toEqual([admission]);
      expect(await openSurveysOf(id, 'Discharge')).toHaveLength(1);
      expect(await dueList(staff, facilityId, 'Admission')).toEqual([]);
      expect((await listOk(facilityId, { status: 'discharged' })).items.map((r) => r.id)).toEqual([
        id,
      ]);

      const back = await patchOk(id, {
        discharged_on: null,
        admitted_on: '2026-11-22',
        version: 2,
      });
      expect(back.status).toBe('active');
      expect(await residentRow(id)).toMatchObject({
        active: 1,
        discharge_reason: null,
        discharged_at: null,
      });
      // One open Admission survey, moved to the new admission's date.
      const open = await openSurveysOf(id, 'Admission');
      expect(open.map((survey) => [survey.id, survey.due_date])).toEqual([
        [admission?.id, '2026-11-29'],
      ]);
      expect((await dueList(staff, facilityId, 'Admission')).map((item) => item.id)).toEqual([
        admission?.id,
      ]);
    });

    it('a resident the staff took off the lists ("Can\'t Complete") stays off when an administrator edits another field', async () => {
      const facilityId = await newFacility();
      const id = await createOk(facilityId, resident('S-7', { admitted_on: '2026-11-20' }));
      const [admission] = await openSurveysOf(id, 'Admission');
      const staff = await staffOf(facilityId);
      const cant = await call(t, staff, 'residentDischarged', {
        body: {
          user_id: staff.body.sf_user_id,
          patientId: admission?.id,
          reason: 'Out To Hospital',
        },
      });
      expect(cant.statusCode, cant.body).toBe(200);
      const saved = await patchOk(id, { last_name: 'Byron', version: 1 });
      expect(saved.status).toBe('discharged');
      expect(await residentRow(id)).toMatchObject({
        active: 0,
        discharge_reason: 'Out To Hospital',
      });
      expect((await surveysOf(id, 'Admission')).map((survey) => survey.status)).toEqual([
        'not_completable',
      ]);
    });
  });

  describe('import', () => {
    it('previews new, changed and unchanged records without writing, then imports them in one go', async () => {
      const facilityId = await newFacility({ admissionDays: 7, dischargeDays: 1 });
      await importOk(
        facilityId,
        file('K-1,Ada,Lovelace,2026-11-01,,en', 'K-2,Alan,Turing,,,en'),
        false,
      );
      const next = file(
        'K-1,Ada,Lovelace,2026-11-01,,en', // unchanged
        'K-2,Alan,Turing,2026-11-20,2026-12-24,es', // changed: admitted, planned discharge
        'K-3,Grace,Hopper,2026-11-21,,en', // new
        'K-4,Edsger,Dijkstra,,,en', // new
      );
      const before = await dbState(t);
      const preview = await importOk(facilityId, next, true);
      expect(preview).toEqual({
        created: 2,
        updated: 1,
        unchanged: 1,
        errors: [],
        surveys: { admission: 2, discharge: 1 },
      });
      expect(await dbState(t)).toEqual(before);

      const done = await importOk(facilityId, next, false);
      expect(done).toEqual(preview);
      const k2 = await residentByClientId(facilityId, 'K-2');
      expect(k2).toMatchObject({ admitted_on: '2026-11-20', preferred_language: 'es', version: 2 });
      expect((await openSurveysOf(k2.id, 'Admission')).map((s) => s.due_date)).toEqual([
        '2026-11-27',
      ]);
      expect((await openSurveysOf(k2.id, 'Discharge')).map((s) => s.due_date)).toEqual([
        '2026-12-25',
      ]);
      const k3 = await residentByClientId(facilityId, 'K-3');
      expect(
        (await surveysOf(k3.id)).map((s) => [s.survey_type, s.due_date, s.created_by]),
      ).toEqual([['Admission', '2026-11-28', admin.body.sf_user_id]]);
      // One audit event per import, with counts, and one for the surveys it scheduled.
      expect(await detailsOf('resident.imported', facilityId)).toEqual(
        sortedDetails([
          { created: 2, updated: 0, unchanged: 0 },
          { created: 2, updated: 1, unchanged: 1 },
        ]),
      );
      expect(await detailsOf('survey.scheduled', facilityId)).toEqual(
        sortedDetails([
          { created: 1, moved: 0, closed: 0, by: 'resident.imported' },
          { created: 3, moved: 0, closed: 0, by: 'resident.imported' },
        ]),
      );
      // The same file again: everything is up to date.
      expect(await importOk(facilityId, next, false)).toEqual({
        created: 0,
        updated: 0,
        unchanged: 4,
        errors: [],
        surveys: { admission: 0, discharge: 0 },
      });
    });

    it('re-importing keeps one open survey per type and moves a due date when a date changed', async () => {
      const facilityId = await newFacility({ admissionDays: 7, dischargeDays: 0 });
      const first = file('R-1,Ada,Lovelace,2026-11-20,2026-12-10,en');
      await importOk(facilityId, first, false);
      await importOk(facilityId, first, false);
      const { id } = await residentByClientId(facilityId, 'R-1');
      const [admission] = await openSurveysOf(id, 'Admission');
      const [discharge] = await openSurveysOf(id, 'Discharge');
      expect(await surveysOf(id)).toHaveLength(2);
      const report = await importOk(
        facilityId,
        file('R-1,Ada,Lovelace,2026-11-19,2026-12-10,en'),
        false,
      );
      expect(report).toMatchObject({ updated: 1 });
      expect(await openSurveysOf(id, 'Admission')).toEqual([
        { ...admission, due_date: '2026-11-26' },
      ]);
      expect(await openSurveysOf(id, 'Discharge')).toEqual([discharge]);
      expect(await surveysOf(id)).toHaveLength(2);
      expect(await detailsOf('survey.scheduled', facilityId)).toContainEqual({
        created: 0,
        moved: 1,
        closed: 0,
        by: 'resident.imported',
      });
      // The planned discharge is called off in the next file: its survey is closed, not deleted.
      await importOk(facilityId, file('R-1,Ada,Lovelace,2026-11-19,,en'), false);
      expect((await surveysOf(id, 'Discharge')).map((survey) => survey.status)).toEqual([
        'not_completable',
      ]);
      expect(await detailsOf('survey.scheduled', facilityId)).toContainEqual({
        created: 0,
        moved: 0,
        closed: 1,
        by: 'resident.imported',
      });
    });

    it('names every problem by row and column (400 with the report) and writes nothing', async () => {
      const facilityId = await newFacility({ languages: ['en', 'es'] });
      await importOk(facilityId, file('OLD-1,Old,Resident,,,en'), false);
      const long = 'x'.repeat(101);
      const csv = file(
        'OK-1,Fine,Row,2026-11-01,,en', // row 2: new, fine
        ',,,2026-11-01,,', // row 3: every required value missing
        `OK-2,${long},Row,2026-13-01,2026-02-29,fr`, // row 4
        'OK-3,Late,Row,2026-11-10,2026-11-09,en', // row 5: discharge before admission
        'OK-1,Again,Row,,,en', // row 6: client_id repeated
        'OK-4,Nul\u0000Name,Row,,,en', // row 7: NUL
        'OLD-1,Old,Renamed,,,es', // row 8: fine, changed
        '2026-11-01', // row 9: one value only
      );
      const before = await dbState(t);
      for (const dryRun of [true, false]) {
        const refused = await importRefused(facilityId, csv, dryRun);
        expect(refused.errors).toEqual([
          { row: 3, column: 'client_id', message: text.required },
          { row: 3, column: 'first_name', message: text.required },
          { row: 3, column: 'last_name', message: text.required },
          { row: 3, column: 'preferred_language', message: text.required },
          { row: 4, column: 'first_name', message: text.tooLong(100) },
          {
            row: 4,
            column: 'admitted_on',
            message: expect.stringContaining('date does not exist'),
          },
          {
            row: 4,
            column: 'discharged_on',
            message: expect.stringContaining('date does not exist'),
          },
          { row: 4, column: 'preferred_language', message: text.languageNotOffered(['en', 'es']) },
          { row: 5, column: 'discharged_on', message: text.dischargeBeforeAdmission },
          { row: 6, column: 'client_id', message: text.duplicateKey(2) },
          { row: 7, column: 'first_name', message: text.nulCharacter },
          { row: 9, column: '', message: MESSAGES.csvFieldCount },
        ]);
        expect(refused.detail).toBe(text.importRefused(12));
        // The counts of the rows that are fine.
        expect(refused).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
      }
      expect(await dbState(t)).toEqual(before);
    });

    it('reads a language code in any case ("ES", " es ") and refuses one the facility does not offer, naming row and column', async () => {
      const facilityId = await newFacility({ languages: ['en', 'es'] });
      const report = await importOk(
        facilityId,
        file('LC-1,Ana,Ruiz,,,ES', 'LC-2,Luis,Vega,,, eS ', 'LC-3,Ann,Lee,,,En'),
        false,
      );
      expect(report).toMatchObject({ created: 3, updated: 0, unchanged: 0, errors: [] });
      for (const [clientId, language] of [
        ['LC-1', 'es'],
        ['LC-2', 'es'],
        ['LC-3', 'en'],
      ] as const) {
        expect((await residentByClientId(facilityId, clientId)).preferred_language).toBe(language);
      }
      // The same file again, in lower case: nothing changed.
      expect(
        await importOk(facilityId, file('LC-1,Ana,Ruiz,,,es', 'LC-2,Luis,Vega,,,es'), true),
      ).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

      const before = await dbState(t);
      const refused = await importRefused(
        facilityId,
        file('LC-4,Jean,Roux,,,FR', 'LC-5,Ana,Ruiz,,,Chinese', 'LC-1,Ana,Ruiz,,,es'),
        false,
      );
      expect(refused.errors).toEqual([
        { row: 2, column: 'preferred_language', message: text.languageNotOffered(['en', 'es']) },
        { row: 3, column: 'preferred_language', message: text.languageNotOffered(['en', 'es']) },
      ]);
      expect(await dbState(t)).toEqual(before);

      // An English-only facility refuses Spanish.
      const englishOnly = await newFacility({ languages: ['en'] });
      const spanish = await importRefused(englishOnly, file('LC-6,Ana,Ruiz,,,es'), true);
      expect(spanish.errors).toEqual([
        { row: 2, column: 'preferred_language', message: text.languageNotOffered(['en']) },
      ]);
    });

    it('the form takes a language code in any case too, and the due list carries it to the tablet', async () => {
      const facilityId = await newFacility({ admissionDays: 2 });
      const id = await createOk(
        facilityId,
        resident('LF-1', { preferred_language: 'ES', admitted_on: '2026-11-20' }),
      );
      expect((await residentRow(id)).preferred_language).toBe('es');
      const staff = await staffOf(facilityId);
      expect(await dueList(staff, facilityId, 'Admission')).toEqual([
        expect.objectContaining({ first_name: 'Ada', preferred_language: 'es' }),
      ]);
      const edited = await patchOk(id, { preferred_language: 'En', version: 1 });
      expect(edited.preferred_language).toBe('en');
      const refused = await patch(id, { preferred_language: 'fr', version: 2 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ detail: text.languageNotOffered(['en', 'es']) });
    });

    it('names a missing, unknown or repeated column in the header and reads no row', async () => {
      const facilityId = await newFacility();
      const refused = await importRefused(
        facilityId,
        'client_id,first_name,surname,first_name,admitted_on,discharged_on,preferred_language\nA,B,C,D,,,en',
        false,
      );
      expect(refused.errors).toEqual([
        { row: 1, column: 'surname', message: MESSAGES.csvUnknownColumn },
        { row: 1, column: 'first_name', message: MESSAGES.csvDuplicateColumn },
        { row: 1, column: 'last_name', message: MESSAGES.csvMissingColumn },
      ]);
      const empty = await importRefused(facilityId, '', true);
      expect(empty.errors.map((problem) => problem.message)).toContain(MESSAGES.csvEmpty);
    });

    it('reads UTF-8 with a byte-order mark, semicolons, quoted fields and columns in any order', async () => {
      const facilityId = await newFacility();
      const csv =
        '\uFEFFpreferred_language;last_name;first_name;client_id;admitted_on;discharged_on\r\n' +
        'es;"Núñez; Gómez";"María ""Mari""";Q-1;2026-11-01;\r\n' +
        'en;"O\'Brien";"Line\nBreak";Q-2;;\r\n';
      expect(await importOk(facilityId, csv, false)).toMatchObject({ created: 2 });
      expect(await residentByClientId(facilityId, 'Q-1')).toMatchObject({
        first_name: 'María "Mari"',
        last_name: 'Núñez; Gómez',
        preferred_language: 'es',
        admitted_on: '2026-11-01',
      });
      expect((await residentByClientId(facilityId, 'Q-2')).first_name).toBe('Line\nBreak');
    });

    it('reads a Windows-1252 file as an EHR on Windows saves it, and says so in the preview and the report', async () => {
      const facilityId = await newFacility();
      const bytes = iconv.encode(
        file('W-1,José,Müller,2026-11-01,,es', 'W-2,Zoë,O’Brien,,,en', 'W-3,François,Peña,,,en'),
        'windows-1252',
      );
      expect(bytes.includes(Buffer.from('é'))).toBe(false); // not UTF-8: é is the byte 0xE9
      const send = (dryRun: boolean) =>
        call(t, admin, 'adminResidentsImport', {
          params: { facilityId },
          query: { dry_run: String(dryRun) },
          body: bytes,
          headers: { 'content-type': 'text/csv' },
        });
      const preview = await send(true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ created: 3, encoding: 'Windows-1252' });
      const imported = await send(false);
      expect(imported.json()).toMatchObject({ created: 3, encoding: 'Windows-1252' });
      expect(await residentByClientId(facilityId, 'W-1')).toMatchObject({
        first_name: 'José',
        last_name: 'Müller',
      });
      expect((await residentByClientId(facilityId, 'W-2')).last_name).toBe('O’Brien');
      expect((await residentByClientId(facilityId, 'W-3')).first_name).toBe('François');
      // A UTF-8 file's report names no encoding.
      expect(await importOk(facilityId, file('W-4,Ana,Núñez,,,es'), true)).not.toHaveProperty(
        'encoding',
      );
    });

    it('refuses a file in an encoding it cannot recognise, and a value with U+FFFD, saying how to save as UTF-8', async () => {
      const facilityId = await newFacility();
      const before = await dbState(t);
      const chinese = await call(t, admin, 'adminResidentsImport', {
        params: { facilityId },
        query: { dry_run: 'false' },
        // Chinese names in GB18030 (chardet takes them for EUC-KR): not a Latin file.
        body: iconv.encode(
          file(
            'G-1,王小明,张伟,,,en',
            'G-2,李秀英,刘洋,,,en',
            'G-3,陈静,杨帆,,,en',
            'G-4,赵敏,黄磊,,,en',
          ),
          'gb18030',
        ),
        headers: { 'content-type': 'text/csv' },
      });
      expect(chinese.statusCode).toBe(400);
      expect(chinese.json()).toMatchObject({ detail: MESSAGES.csvEncodingUnknown });
      const replaced = await importRefused(facilityId, file('G-3,Jos\uFFFD,M,,,en'), false);
      expect(replaced.errors).toEqual([
        { row: 2, column: 'first_name', message: MESSAGES.csvReplacementCharacter },
      ]);
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses more than 20,000 rows and more than 5 MB with clear messages, writing nothing', async () => {
      const facilityId = await newFacility();
      const before = await dbState(t);
      const rows = Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, n) => `M-${n},A,B,,,en`);
      const tooMany = await importFile(facilityId, file(...rows), false);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ detail: MESSAGES.csvTooManyRows });
      const big = `${HEADER}\n${'B-1,A,B,,,en,'.padEnd(200, 'x')}\n`.padEnd(
        CSV_IMPORT_MAX_BYTES + 10,
        'y',
      );
      const tooLarge = await importFile(facilityId, big, false);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ detail: MESSAGES.csvTooLarge });
      expect(await dbState(t)).toEqual(before);
    });

    // The row limit itself under `npm run test:scale` (run by the bench); 2,000 rows in the suite
    // (ADR 058).
    const ROWS = SCALE ? CSV_IMPORT_MAX_ROWS : 2_000;
    it(`a ${ROWS.toLocaleString('en-US')}-row file with one bad row near the end (line ${(ROWS - 1).toLocaleString('en-US')}) writes nothing; fixed, it imports every row in one transaction`, async () => {
      const facilityId = await newFacility({ admissionDays: 7 });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'census-import-'));
      const filePath = path.join(dir, 'census.csv');
      try {
        const lines = [HEADER];
        for (let n = 0; n < ROWS; n += 1) {
          const admitted = n % 2 === 0 ? addDays(TEST_TODAY, -(n % 60)) : '';
          lines.push(
            `BULK-${n},First${n % 97},Last${n % 1013},${admitted},,${n % 3 ? 'en' : 'es'}`,
          );
        }
        // Line ROWS - 1 of the file (the header is line 1): a date that does not exist.
        lines[ROWS - 2] = `BULK-${ROWS - 3},Bad,Date,2026-02-30,,en`;
        fs.writeFileSync(filePath, `${lines.join('\r\n')}\r\n`);
        const before = await t.counts();
        const refused = await importRefused(facilityId, fs.readFileSync(filePath, 'utf8'), false);
        expect(refused.errors).toEqual([
          {
            row: ROWS - 1,
            column: 'admitted_on',
            message: expect.stringContaining('date does not exist'),
          },
        ]);
        expect(refused.created).toBe(ROWS - 1);
        expect(await t.counts()).toEqual(before);

        lines[ROWS - 2] = `BULK-${ROWS - 3},Good,Date,2026-11-02,,en`;
        fs.writeFileSync(filePath, `${lines.join('\r\n')}\r\n`);
        const report = await importOk(facilityId, fs.readFileSync(filePath, 'utf8'), false);
        expect(report).toEqual({
          created: ROWS,
          updated: 0,
          unchanged: 0,
          errors: [],
          surveys: { admission: ROWS / 2 + 1, discharge: 0 },
        });
        const after = await t.counts();
        expect(after.residents).toBe((before.residents ?? 0) + ROWS);
        // An Admission survey for each admitted resident (the even rows), and two audit events.
        // (and the fixed row, admitted on 2026-11-02).
        expect(after.surveys).toBe((before.surveys ?? 0) + ROWS / 2 + 1);
        expect(after.audit_events).toBe((before.audit_events ?? 0) + 2);
        expect(await residentByClientId(facilityId, `BULK-${ROWS - 3}`)).toMatchObject({
          first_name: 'Good',
          admitted_on: '2026-11-02',
          active: 1,
        });
        // Again: nothing to do, nothing scheduled twice.
        const again = await importOk(facilityId, fs.readFileSync(filePath, 'utf8'), false);
        expect(again).toMatchObject({ created: 0, updated: 0, unchanged: ROWS });
        expect((await t.counts()).surveys).toBe(after.surveys);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses an administrator of other facilities (403), and without dry_run only previews', async () => {
      const facilityId = await newFacility();
      const office = await signInNewUser(t, {
        permissions: ['Administration'],
        facilityIds: [MAPLE],
      });
      const before = await dbState(t);
      const forbidden = await importFile(facilityId, file('F-1,A,B,,,en'), false, office);
      expect(forbidden.statusCode).toBe(403);
      const preview = await call(t, admin, 'adminResidentsImport', {
        params: { facilityId },
        body: file('F-1,A,B,,,en'),
      });
      expect(preview.statusCode).toBe(200);
      expect(ImportReportSchema.parse(preview.json())).toMatchObject({ created: 1 });
      expect(await dbState(t)).toEqual(before);
    });
  });

  describe('export', () => {
    it('answers the census as a CSV attachment with the import’s columns, formulas neutralised, and audits it', async () => {
      const facilityId = await newFacility();
      await createOk(facilityId, {
        client_id: '+1-555',
        first_name: '=HYPERLINK("http://evil.example","x")',
        last_name: '@SUM(A1)',
        preferred_language: 'en',
        admitted_on: '2026-11-01',
      });
      await createOk(facilityId, resident('-7', { first_name: 'Zoë, "Z"', last_name: 'Quill' }));
      const response = await call(t, admin, 'adminResidentsExport', { params: { facilityId } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="residents-census-home-${facilities}-${TEST_TODAY}.csv"`,
      );
      // The measures' columns follow (ADR 053): none recorded, no guardian.
      expect(response.body).toBe(
        `\uFEFF${HEADER},admission_type,discharge_destination,guardian,bims_score,bims_on\r\n` +
          `'+1-555,"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(A1),2026-11-01,,en,,,false,,\r\n` +
          `'-7,"Zoë, ""Z""",Quill,,,en,,,false,,\r\n`,
      );
      const [event] = await auditOf('resident.exported', facilityId);
      expect(JSON.parse(event?.detail_json ?? '{}')).toEqual({ rows: 2 });
    });

    it('round-trips: importing an export changes nothing', async () => {
      const facilityId = await newFacility();
      await importOk(
        facilityId,
        file('X-1,Ada,Lovelace,2026-11-01,2026-12-01,es', 'X-2,Alan,Turing,,,en'),
        false,
      );
      await createOk(facilityId, resident('=X-3', { first_name: '+Plus', last_name: '@At' }));
      const exported = await call(t, admin, 'adminResidentsExport', { params: { facilityId } });
      expect(exported.body).toContain("'=X-3,'+Plus,'@At");
      const report: ImportReport = await importOk(facilityId, exported.body, false);
      expect(report).toEqual({
        created: 0,
        updated: 0,
        unchanged: 3,
        errors: [],
        surveys: { admission: 0, discharge: 0 },
      });
    });
  });
});
