/**
 * ADR 049: the facility's go-live date (no survey for census dates before it, the import's
 * preview counts the surveys it creates) and same-day discharges (a census discharge within the
 * facility's window keeps the Discharge survey on the staff's list until it is taken, delayed or
 * closed as can't complete). Each test has a facility of its own, made through the admin calls.
 */
import {
  AdminFacilitySchema,
  IDEMPOTENCY_KEY_HEADER,
  ImportReportSchema,
  SurveyListResponseSchema,
  type Question,
  type ResidentSurveyType,
} from '@carevoice/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../db/values.js';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { answerPath, answerRecords, call } from '../../test/survey-kit.js';

const HEADER = 'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language';
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

describeEachDialect('go-live date and same-day discharges', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  let count = 0;
  let keys = 0;

  beforeEach(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  /** A new facility (with its standard questionnaires) and the settings given. */
  async function newFacility(settings: Record<string, unknown> = {}): Promise<string> {
    count += 1;
    const created = await call(t, admin, 'adminCreateFacility', {
      body: { name: `Go Live Home ${dialect} ${count} ${Date.now()}`, ...settings },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string }>().id;
  }

  const setFacility = async (facilityId: string, body: Record<string, unknown>) => {
    const facilities = await call(t, admin, 'adminListFacilities');
    const version = facilities
      .json<{ id: string; version: number }[]>()
      .find((facility) => facility.id === facilityId)?.version;
    const response = await call(t, admin, 'adminUpdateFacility', {
      params: { facilityId },
      body: { ...body, version },
    });
    expect(response.statusCode, response.body).toBe(200);
    return AdminFacilitySchema.parse(response.json());
  };
  const createResident = async (facilityId: string, body: Record<string, unknown>) => {
    const response = await call(t, admin, 'adminResidentCreate', {
      params: { facilityId },
      body: { first_name: 'Ada', last_name: 'Lovelace', preferred_language: 'en', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const importCsv = async (facilityId: string, csv: string, dryRun: boolean) => {
    const response = await call(t, admin, 'adminResidentsImport', {
      params: { facilityId },
      query: { dry_run: String(dryRun) },
      body: csv,
    });
    expect(response.statusCode, response.body.slice(0, 2000)).toBe(200);
    return ImportReportSchema.parse(response.json());
  };
  const surveysOf = (residentId: string, type: ResidentSurveyType) =>
    t.db
      .selectFrom('surveys')
      .select(['id', 'status', 'due_date'])
      .where('resident_id', '=', residentId)
      .where('survey_type', '=', type)
      .execute();
  const residentOf = (facilityId: string, clientId: string) =>
    t.db
      .selectFrom('residents')
      .selectAll()
      .where('facility_id', '=', facilityId)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
  const dueList = async (facilityId: string, surveyType: ResidentSurveyType) => {
    const response = await call(t, admin, 'surveyList', { params: { facilityId, surveyType } });
    expect(response.statusCode, response.body).toBe(200);
    return SurveyListResponseSchema.parse(response.json()).survey_list;
  };
  const dueListOn = async (facilityId: string, date: string) => {
    const response = await call(t, admin, 'surveyListDated', {
      params: { facilityId, surveyType: 'Discharge', startDate: date, endDate: date },
    });
    expect(response.statusCode, response.body).toBe(200);
    return SurveyListResponseSchema.pick({ survey_list: true }).parse(response.json()).survey_list;
  };
  /** Today at UTC (the facilities' default zone) on the test clock, which some tests move. */
  const today = () => t.clock.now().toISOString().slice(0, 10);
  /** Days the test clock moves on (and a new sign-in, as the idle timeout has passed). */
  const daysLater = async (days: number) => {
    t.clock.advanceMinutes(days * 24 * 60);
    admin = await t.login('admin@carevoice.test');
  };

  describe('go-live date', () => {
    it('a resident admitted before it gets no Admission survey from the form; on or after it does', async () => {
      const facilityId = await newFacility({ go_live_on: '2026-11-01' });
      const before = await createResident(facilityId, {
        client_id: 'GL-1',
        admitted_on: '2026-10-31',
      });
      const onDay = await createResident(facilityId, {
        client_id: 'GL-2',
        admitted_on: '2026-11-01',
      });
      expect(await surveysOf(before, 'Admission')).toEqual([]);
      expect((await surveysOf(onDay, 'Admission')).map((survey) => survey.due_date)).toEqual([
        '2026-11-08',
      ]);
      // An edit of an admission still before it schedules nothing either.
      const edited = await call(t, admin, 'adminResidentUpdate', {
        params: { residentId: before },
        body: { admitted_on: '2026-10-20', version: 1 },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await surveysOf(before, 'Admission')).toEqual([]);
      expect((await dueList(facilityId, 'Admission')).map((item) => item.id)).toEqual(
        (await surveysOf(onDay, 'Admission')).map((survey) => survey.id),
      );
    });

    it('a discharge dated before it gets no Discharge survey', async () => {
      const facilityId = await newFacility({ go_live_on: '2026-11-01' });
      const id = await createResident(facilityId, {
        client_id: 'GL-3',
        admitted_on: '2026-09-01',
        discharged_on: '2026-10-15',
      });
      expect(await surveysOf(id, 'Discharge')).toEqual([]);
      expect(await surveysOf(id, 'Admission')).toEqual([]);
    });

    it('the first census import previews the surveys it will create under the go-live date, then creates exactly those', async () => {
      const facilityId = await newFacility({ discharge_survey_due_days: 0 });
      const census = file(
        'C-1,Old,Timer,2024-03-14,,en', // admitted long before going live: no survey
        'C-2,Early,Leaver,2024-05-01,2025-01-10,en', // admitted and gone before: none
        'C-3,New,Arrival,2026-11-20,,en', // Admission survey
        'C-4,Short,Stay,2026-11-15,2026-12-01,en', // Admission + planned Discharge survey
        'C-5,Never,Admitted,,,en', // no dates: none
      );
      // Without a go-live date the whole history would come due.
      expect((await importCsv(facilityId, census, true)).surveys).toEqual({
        admission: 4,
        discharge: 2,
      });
      await setFacility(facilityId, { go_live_on: '2026-11-01' });
      const before = await dbState(t);
      const preview = await importCsv(facilityId, census, true);
      expect(preview).toEqual({
        created: 5,
        updated: 0,
        unchanged: 0,
        errors: [],
        surveys: { admission: 2, discharge: 1 },
      });
      expect(await dbState(t)).toEqual(before);

      const done = await importCsv(facilityId, census, false);
      expect(done).toEqual(preview);
      const made = await t.db
        .selectFrom('surveys')
        .innerJoin('residents', 'residents.id', 'surveys.resident_id')
        .select(['residents.client_id', 'surveys.survey_type', 'surveys.due_date'])
        .where('surveys.facility_id', '=', facilityId)
        .orderBy('residents.client_id')
        .orderBy('surveys.survey_type')
        .execute();
      expect(made).toEqual([
        { client_id: 'C-3', survey_type: 'Admission', due_date: '2026-11-27' },
        { client_id: 'C-4', survey_type: 'Admission', due_date: '2026-11-22' },
        { client_id: 'C-4', survey_type: 'Discharge', due_date: '2026-12-01' },
      ]);
      // Nothing "Overdue" from 2024 on the staff's Admission list.
      expect((await dueList(facilityId, 'Admission')).map((item) => item.due_date)).toEqual([
        '2026-11-22',
        '2026-11-27',
      ]);
      // A second import of a changed row counts only what it adds.
      const next = file('C-5,Never,Admitted,2026-11-21,,en');
      expect((await importCsv(facilityId, next, true)).surveys).toEqual({
        admission: 1,
        discharge: 0,
      });
    });
  });

  describe('same-day discharges', () => {
    /** A facility with a resident admitted before today whose census discharge is dated `on`. */
    async function dischargedResident(
      settings: Record<string, unknown>,
      on: (today: string) => string,
    ) {
      const facilityId = await newFacility({ discharge_survey_due_days: 0, ...settings });
      await importCsv(facilityId, file('D-1,Dora,Leaving,2026-11-01,,en'), false);
      await importCsv(facilityId, file(`D-1,Dora,Leaving,2026-11-01,${on(today())},en`), false);
      const resident = await residentOf(facilityId, 'D-1');
      return { facilityId, resident };
    }

    it('a census discharge dated today keeps the Discharge survey listed, also on later days, until it is taken', async () => {
      const { facilityId, resident } = await dischargedResident({}, (today) => today);
      expect(resident).toMatchObject({ active: 0, discharge_listed: 1 });
      const [survey] = await surveysOf(resident.id, 'Discharge');
      const listed = await dueList(facilityId, 'Discharge');
      expect(listed.map((item) => [item.id, item.due_date])).toEqual([[survey?.id, today()]]);
      // The resident is off every other list: no Admission survey of theirs is listed.
      expect(await dueList(facilityId, 'Admission')).toEqual([]);

      await daysLater(2);
      expect((await dueList(facilityId, 'Discharge')).map((item) => item.id)).toEqual([survey?.id]);

      const questions = await call(t, admin, 'questions', {
        params: { surveyType: 'Discharge', facilityId },
      });
      const path = answerPath(questions.json<Question[]>());
      keys += 1;
      const submitted = await call(t, admin, 'submitAnswers', {
        body: {
          survey_answer_list: answerRecords(survey?.id ?? '', path),
          patient_id: survey?.id,
          sf_user_id: admin.body.sf_user_id,
          ack_data: [],
        },
        headers: { [IDEMPOTENCY_KEY_HEADER]: `go-live-${dialect}-${keys}-${Date.now()}` },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(await dueList(facilityId, 'Discharge')).toEqual([]);
    });

    it('a delayed one moves to its delay date and stays listed there', async () => {
      const { facilityId, resident } = await dischargedResident({}, (today) => today);
      const [survey] = await surveysOf(resident.id, 'Discharge');
      const date = addDays(today(), 3);
      const delayed = await call(t, admin, 'delaySurvey', {
        body: { date, patientId: survey?.id },
      });
      expect(delayed.statusCode, delayed.body).toBe(200);
      expect(await dueListOn(facilityId, today())).toEqual([]);
      expect((await dueListOn(facilityId, date)).map((item) => [item.id, item.due_date])).toEqual([
        [survey?.id, date],
      ]);
    });

    it("marked can't complete, it leaves the list and the resident is off it for good", async () => {
      const { facilityId, resident } = await dischargedResident({}, (today) => today);
      const [survey] = await surveysOf(resident.id, 'Discharge');
      const closed = await call(t, admin, 'residentDischarged', {
        body: { user_id: admin.body.sf_user_id, patientId: survey?.id, reason: 'Discharged' },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await dueList(facilityId, 'Discharge')).toEqual([]);
      expect(await residentOf(facilityId, 'D-1')).toMatchObject({
        active: 0,
        discharge_listed: 0,
      });
    });

    it('a discharge older than the window is not listed; within a window of 2 days it is', async () => {
      const yesterday = await dischargedResident({}, (today) => addDays(today, -1));
      expect(yesterday.resident.discharge_listed).toBe(0);
      expect(await dueList(yesterday.facilityId, 'Discharge')).toEqual([]);

      const twoDays = await dischargedResident({ discharge_window_days: 2 }, (today) =>
        addDays(today, -2),
      );
      expect((await dueList(twoDays.facilityId, 'Discharge')).map((item) => item.due_date)).toEqual(
        [addDays(today(), -2)],
      );
      const threeDays = await dischargedResident({ discharge_window_days: 2 }, (today) =>
        addDays(today, -3),
      );
      expect(await dueList(threeDays.facilityId, 'Discharge')).toEqual([]);
    });

    it("reads today in the facility's time zone (the form too)", async () => {
      // 12:00 UTC on the test clock's day is already the next day at UTC+14.
      const facilityId = await newFacility({
        time_zone: 'Pacific/Kiritimati',
        discharge_survey_due_days: 0,
      });
      const localToday = addDays(today(), 1);
      const id = await createResident(facilityId, {
        client_id: 'TZ-1',
        admitted_on: '2026-11-01',
        discharged_on: localToday,
      });
      expect(
        await t.db
          .selectFrom('residents')
          .select(['active', 'discharge_listed'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ active: 0, discharge_listed: 1 });
      expect((await dueList(facilityId, 'Discharge')).map((item) => item.due_date)).toEqual([
        localToday,
      ]);
    });

    it('a planned discharge whose day has come is listed when the next import records it', async () => {
      const facilityId = await newFacility({ discharge_survey_due_days: 0 });
      const day = addDays(today(), 1);
      const planned = file(`P-1,Pat,Planned,2026-11-01,${day},en`);
      await importCsv(facilityId, planned, false);
      expect((await residentOf(facilityId, 'P-1')).active).toBe(1);
      await daysLater(1);
      await importCsv(facilityId, planned, false);
      expect(await residentOf(facilityId, 'P-1')).toMatchObject({ active: 0, discharge_listed: 1 });
      expect((await dueList(facilityId, 'Discharge')).map((item) => item.due_date)).toEqual([day]);
    });
  });
});
