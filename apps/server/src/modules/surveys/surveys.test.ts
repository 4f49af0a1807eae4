import {
  ActiveEmployeesResponseSchema,
  MESSAGES,
  QuestionsResponseSchema,
  RESIDENT_SURVEY_TYPES,
  SurveyListResponseSchema,
  UnlistedResidentsResponseSchema,
  validateQuestionnaire,
  type SurveyListItem,
  type ResidentSurveyType,
} from '@carevoice/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, localToday } from '../../db/values.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  call,
  HARBOR,
  MAPLE,
  openSurveys,
  residentId,
  RIVERSIDE,
  signInNewUser,
} from '../../test/survey-kit.js';

/** Sorted the way the due list promises: date, last name, first name (binary order). */
function isSortedDueList(items: SurveyListItem[]): boolean {
  const key = (item: SurveyListItem) => [item.due_date, item.last_name, item.first_name];
  return items.every((item, index) => {
    const previous = items[index - 1];
    if (!previous) return true;
    const [a, b] = [key(previous), key(item)];
    for (let n = 0; n < a.length; n += 1) {
      if ((a[n] as string) < (b[n] as string)) return true;
      if ((a[n] as string) > (b[n] as string)) return false;
    }
    return true;
  });
}

describeEachDialect('survey records', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const used = new Set<string>();
  const staff = () => t.login('staff@carevoice.test');

  /** An open survey of Maple Grove no other test of this file has used. */
  const takeOpenSurvey = async (type: ResidentSurveyType, facilityId = MAPLE) => {
    const survey = (await openSurveys(t, facilityId, type)).find(({ id }) => !used.has(id));
    if (!survey) throw new Error(`no open ${type} survey left`);
    used.add(survey.id);
    return survey;
  };
  const dueList = async (who: SignedIn, type: ResidentSurveyType, facilityId = MAPLE) => {
    const response = await call(t, who, 'surveyList', {
      params: { facilityId, surveyType: type },
    });
    expect(response.statusCode).toBe(200);
    return SurveyListResponseSchema.parse(response.json());
  };
  const auditRows = (action: string, targetId: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .execute();

  describe('due list', () => {
    it('lists the open surveys of the facility and type whose resident is active, sorted, with bounds', async () => {
      const who = await staff();
      for (const type of RESIDENT_SURVEY_TYPES) {
        const list = await dueList(who, type);
        const expected = await openSurveys(t, MAPLE, type);
        expect(new Set(list.survey_list.map((item) => item.id))).toEqual(
          new Set(expected.map((survey) => survey.id)),
        );
        expect(list.survey_list.length).toBeGreaterThan(5);
        expect(isSortedDueList(list.survey_list)).toBe(true);
        expect(list.lowest_date).toBe(list.survey_list[0]?.due_date);
        expect(list.highest_date).toBe(list.survey_list.at(-1)?.due_date);
        expect(Object.keys(list.survey_list[0] ?? {})).toEqual([
          'id',
          'first_name',
          'last_name',
          'due_date',
          'preferred_language',
        ]);
      }
    });

    it('answers an empty list with null bounds', async () => {
      await t.db.insertInto('facilities').values({ id: 'empty-facility', name: 'Empty' }).execute();
      const admin = await t.login('admin@carevoice.test');
      expect(await dueList(admin, 'Admission', 'empty-facility')).toEqual({
        survey_list: [],
        lowest_date: null,
        highest_date: null,
      });
    });

    it('refuses a survey type other than Admission or Discharge with 400', async () => {
      const who = await staff();
      for (const surveyType of ['Additional', 'As Needed', 'admission', 'Bogus']) {
        const response = await call(t, who, 'surveyList', {
          params: { facilityId: MAPLE, surveyType },
        });
        expect(response.statusCode, surveyType).toBe(400);
        expect(response.json().detail).toBe(MESSAGES.badRequest);
        expect(response.json().errors).toHaveProperty('surveyType');
      }
    });

    it('the dated list keeps the items with start <= due date <= end, bounds included', async () => {
      const who = await staff();
      const { survey_list: all } = await dueList(who, 'Discharge');
      const middle = all[Math.floor(all.length / 2)] as SurveyListItem;
      const dated = async (startDate: string, endDate: string) => {
        const response = await call(t, who, 'surveyListDated', {
          params: { facilityId: MAPLE, surveyType: 'Discharge', startDate, endDate },
        });
        expect(response.statusCode).toBe(200);
        expect(Object.keys(response.json())).toEqual(['survey_list']);
        return response.json().survey_list as SurveyListItem[];
      };
      expect(await dated(middle.due_date, middle.due_date)).toEqual(
        all.filter((item) => item.due_date === middle.due_date),
      );
      expect(await dated(all[0]!.due_date, all.at(-1)!.due_date)).toEqual(all);
      expect(await dated(addDays(middle.due_date, 1), all.at(-1)!.due_date)).toEqual(
        all.filter((item) => item.due_date > middle.due_date),
      );
      expect(await dated('1990-01-01', '1990-12-31')).toEqual([]);
    });

    it('refuses a reversed or malformed date range with 400', async () => {
      const who = await staff();
      const reversed = await call(t, who, 'surveyListDated', {
        params: {
          facilityId: MAPLE,
          surveyType: 'Admission',
          startDate: '2026-12-01',
          endDate: '2026-11-01',
        },
      });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ detail: MESSAGES.dateRangeReversed });
      for (const [startDate, endDate] of [
        ['2026-02-30', '2026-03-01'],
        ['2026-1-1', '2026-12-31'],
        ['2026-11-01', 'tomorrow'],
      ] as const) {
        const response = await call(t, who, 'surveyListDated', {
          params: { facilityId: MAPLE, surveyType: 'Admission', startDate, endDate },
        });
        expect(response.statusCode, `${startDate}..${endDate}`).toBe(400);
      }
    });

    it('refuses another facility (403), no session (401) and a user without Patients_Surveys (403)', async () => {
      const who = await staff();
      const harbor = await call(t, who, 'surveyList', {
        params: { facilityId: HARBOR, surveyType: 'Admission' },
      });
      expect(harbor.statusCode).toBe(403);
      expect(harbor.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const harborDated = await call(t, who, 'surveyListDated', {
        params: {
          facilityId: HARBOR,
          surveyType: 'Admission',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
        },
      });
      expect(harborDated.statusCode).toBe(403);
      const anonymous = await call(t, undefined, 'surveyList', {
        params: { facilityId: MAPLE, surveyType: 'Admission' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: MESSAGES.notSignedIn });
      const noSurveys = await signInNewUser(t, {
        permissions: ['Managed_Care'],
        facilityIds: [MAPLE],
      });
      const refused = await call(t, noSurveys, 'surveyList', {
        params: { facilityId: MAPLE, surveyType: 'Admission' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
    });
  });

  describe('unlisted residents', () => {
    const search = (who: SignedIn, searchText: string, facilityId = MAPLE) =>
      call(t, who, 'unlistedResidents', { params: { facilityId, searchText } });
    const resident = (n: number) =>
      t.db
        .selectFrom('residents')
        .selectAll()
        .where('id', '=', residentId('maple-grove', n))
        .executeTakeFirstOrThrow();

    it('finds active residents by first, last, "last first", "first last" or client id, any case', async () => {
      const who = await staff();
      const target = await resident(45);
      for (const text of [
        target.last_name.toUpperCase(),
        target.first_name.toLowerCase(),
        `${target.last_name} ${target.first_name}`,
        `${target.first_name} ${target.last_name}`.toLowerCase(),
        target.client_id,
      ]) {
        const response = await search(who, text);
        expect(response.statusCode, text).toBe(200);
        const { data } = UnlistedResidentsResponseSchema.parse(response.json());
        expect(data, text).toContainEqual({
          id: target.id,
          first_name: target.first_name,
          last_name: target.last_name,
          client_id: target.client_id,
          preferred_language: target.preferred_language,
        });
        const needle = text.toLowerCase();
        for (const row of data) {
          const haystacks = [
            row.first_name,
            row.last_name,
            `${row.last_name} ${row.first_name}`,
            `${row.first_name} ${row.last_name}`,
            row.client_id,
          ].map((value) => value.toLowerCase());
          expect(
            haystacks.some((value) => value.includes(needle)),
            text,
          ).toBe(true);
        }
      }
    });

    it('matches the same rows as lower(value) LIKE did, letters beyond ASCII included', async () => {
      const names = [
        ['Émile', 'ÖSTERGÅRD'],
        ['émile', 'östergård'],
        ['EMILE', 'OSTERGARD'],
        ['Straße', 'STRASSE'],
        ['İlkay', 'Kelvin \u212a'],
        ['Ñandú', 'Çelik'],
      ];
      await t.db
        .insertInto('residents')
        .values(
          names.map(([first, last], n) => ({
            id: `case-${n}`,
            facility_id: MAPLE,
            first_name: first ?? '',
            last_name: last ?? '',
            client_id: `CaSe-${n}`,
            active: 1,
            discharge_reason: null,
            discharged_at: null,
          })),
        )
        .execute();
      const who = await staff();
      for (const text of [
        'émile',
        'ÉMILE',
        'emile',
        'Östergård',
        'OSTERG',
        'straße',
        'STRASSE',
        'ilkay',
        'İLKAY',
        'kelvin k',
        'ñandú',
        'ÇELIK',
        'case-',
      ]) {
        const { data } = UnlistedResidentsResponseSchema.parse((await search(who, text)).json());
        const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        const lowered = (column: string) =>
          sql<boolean>`lower(${sql.raw(column)}) like ${pattern} escape '\\'`;
        const before = await t.db
          .selectFrom('residents')
          .select(['id', 'first_name', 'last_name', 'client_id', 'preferred_language'])
          .where('facility_id', '=', MAPLE)
          .where('active', '=', 1)
          .where((eb) =>
            eb.or([
              lowered('first_name'),
              lowered('last_name'),
              lowered("last_name || ' ' || first_name"),
              lowered("first_name || ' ' || last_name"),
              lowered('client_id'),
            ]),
          )
          .orderBy('last_name')
          .orderBy('first_name')
          .orderBy('id')
          .limit(25)
          .execute();
        expect(data, text).toEqual(before);
      }
    });

    it('leaves out discharged residents and takes LIKE wildcards literally', async () => {
      const who = await staff();
      const discharged = await resident(49);
      const byClient = await search(who, discharged.client_id);
      expect(byClient.json()).toEqual({ data: [] });
      expect((await search(who, '%%%%')).json()).toEqual({ data: [] });
      expect((await search(who, '____')).json()).toEqual({ data: [] });
    });

    it('answers at most 25, sorted by last and first name', async () => {
      const who = await staff();
      const response = await search(who, 'MG-1');
      const { data } = UnlistedResidentsResponseSchema.parse(response.json());
      expect(data).toHaveLength(25);
      const keys = data.map((row) => `${row.last_name}\u0000${row.first_name}`);
      expect(keys).toEqual([...keys].sort());
    });

    it('refuses fewer than 4 characters after trimming with 400', async () => {
      const who = await staff();
      for (const text of ['abc', '  ab  ', '    ']) {
        const response = await search(who, text);
        expect(response.statusCode, JSON.stringify(text)).toBe(400);
        expect(response.json()).toEqual({ detail: MESSAGES.searchTooShort });
      }
      // Fastify refuses path parameters over 100 characters before any handler runs.
      expect((await search(who, 'x'.repeat(100))).json()).toEqual({ data: [] });
      const tooLong = await search(who, 'x'.repeat(101));
      expect(tooLong.statusCode).toBe(414);
      expect(tooLong.json()).toEqual({ detail: MESSAGES.uriTooLong });
    });

    it('refuses another facility with 403', async () => {
      const response = await search(await staff(), 'Abbott', HARBOR);
      expect(response.statusCode).toBe(403);
    });
  });

  describe('create survey', () => {
    const create = (who: SignedIn, body: Record<string, unknown>) =>
      call(t, who, 'createSurvey', { body });
    const bodyFor = (resident: string, surveyType = 'Admission', facility_id = MAPLE) => ({
      facility_id,
      survey_type: surveyType,
      resident_id: resident,
      resident_name: 'Ignored Name',
      resident_client_id: 'ignored',
    });

    it('returns the resident’s open survey of the type instead of creating another', async () => {
      const who = await staff();
      const open = await takeOpenSurvey('Admission');
      const before = await t.counts();
      const response = await create(who, bodyFor(open.resident_id, 'Admission'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ survey_id: open.id });
      expect(await t.counts()).toEqual(before);
    });

    it('creates a survey due today, audited, that the due list then shows', async () => {
      const who = await staff();
      const resident = residentId('maple-grove', 46);
      const before = await t.counts();
      const response = await create(who, bodyFor(resident, 'Discharge'));
      expect(response.statusCode).toBe(200);
      const surveyId = response.json().survey_id as string;
      const row = await t.db
        .selectFrom('surveys')
        .selectAll()
        .where('id', '=', surveyId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        facility_id: MAPLE,
        resident_id: resident,
        survey_type: 'Discharge',
        survey_set_id: null,
        due_date: localToday(t.clock.now()),
        status: 'due',
        created_by: who.body.sf_user_id,
      });
      expect(await t.counts()).toEqual({
        ...before,
        surveys: before.surveys! + 1,
        audit_events: before.audit_events! + 1,
      });
      const [audit] = await auditRows('survey.created', surveyId);
      expect(audit).toMatchObject({
        actor_user_id: who.body.sf_user_id,
        target_type: 'survey',
        facility_id: MAPLE,
      });
      expect(JSON.parse(audit!.detail_json!)).toEqual({
        survey_type: 'Discharge',
        resident_id: resident,
      });

      const list = await dueList(who, 'Discharge');
      expect(list.survey_list.find((item) => item.id === surveyId)?.due_date).toBe(
        localToday(t.clock.now()),
      );
      const again = await create(who, bodyFor(resident, 'Discharge'));
      expect(again.json()).toEqual({ survey_id: surveyId });
    });

    it('two concurrent calls for the same resident create one survey', async () => {
      const who = await staff();
      const resident = residentId('maple-grove', 47);
      const before = await t.counts();
      const responses = await Promise.all([
        create(who, bodyFor(resident, 'Admission')),
        create(who, bodyFor(resident, 'Admission')),
        create(who, bodyFor(resident, 'Admission')),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const ids = new Set(responses.map((response) => response.json().survey_id));
      expect(ids.size).toBe(1);
      expect((await t.counts()).surveys).toBe(before.surveys! + 1);
    });

    it('refuses a resident of another facility (403), an unknown one (404) and a discharged one (409)', async () => {
      const who = await staff();
      const before = await t.counts();
      const otherFacility = await create(who, bodyFor(residentId('harbor-view', 45)));
      expect(otherFacility.statusCode).toBe(403);
      expect(otherFacility.json()).toEqual({ detail: MESSAGES.residentOtherFacility });
      const riverside = await create(who, bodyFor(residentId('riverside', 45)));
      expect(riverside.statusCode).toBe(403);
      const harborFacility = await create(
        who,
        bodyFor(residentId('harbor-view', 45), 'Admission', HARBOR),
      );
      expect(harborFacility.statusCode).toBe(403);
      expect(harborFacility.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const unknown = await create(who, bodyFor('no-such-resident'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: MESSAGES.residentNotFound });
      const discharged = await create(who, bodyFor(residentId('maple-grove', 49)));
      expect(discharged.statusCode).toBe(409);
      expect(discharged.json()).toEqual({ detail: MESSAGES.residentDischarged });
      expect(await t.counts()).toEqual(before);
    });

    it('refuses bad bodies with 400 and writes nothing', async () => {
      const who = await staff();
      const before = await t.counts();
      const valid = bodyFor(residentId('maple-grove', 48));
      const { resident_id: _omitted, ...missingResident } = valid;
      for (const body of [
        {},
        missingResident,
        { ...valid, survey_type: 'As Needed' },
        { ...valid, survey_type: 'Additional' },
        { ...valid, resident_id: 'not an id!' },
        { ...valid, resident_id: 42 },
        { ...valid, resident_name: null },
        { ...valid, facility_id: '' },
      ]) {
        const response = await create(who, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().detail).toBe(MESSAGES.badRequest);
      }
      expect(await t.counts()).toEqual(before);
    });

    it('refuses without a session (401) and without Patients_Surveys (403)', async () => {
      const body = bodyFor(residentId('maple-grove', 48));
      expect((await call(t, undefined, 'createSurvey', { body })).statusCode).toBe(401);
      const preview = await signInNewUser(t, {
        permissions: ['Lorem_ipsum_text'],
        facilityIds: [MAPLE],
      });
      expect((await create(preview, body)).statusCode).toBe(403);
    });
  });

  describe('questions', () => {
    it('answers the facility’s questionnaire of the type in position order', async () => {
      const who = await staff();
      for (const surveyType of RESIDENT_SURVEY_TYPES) {
        const response = await call(t, who, 'questions', {
          params: { surveyType, facilityId: RIVERSIDE },
        });
        expect(response.statusCode).toBe(200);
        const questions = QuestionsResponseSchema.parse(response.json());
        expect(questions.length).toBeGreaterThan(3);
        expect(validateQuestionnaire(questions)).toEqual([]);
        const stored = await t.db
          .selectFrom('questions')
          .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
          .select('questions.id')
          .where('questionnaires.facility_id', '=', RIVERSIDE)
          .where('questionnaires.survey_type', '=', surveyType)
          .orderBy('questions.position')
          .execute();
        expect(questions.map((question) => question.id)).toEqual(stored.map((row) => row.id));
        // The spec's fields first; then the optional ones of ADR 017 (key, Spanish texts, …).
        expect(Object.keys(questions[0]!).slice(0, 5)).toEqual([
          'id',
          'name',
          'type',
          'values',
          'validation_logic',
        ]);
        expect(questions[0]?.key).toBe(surveyType === 'Admission' ? 'welcome' : 'overall');
        expect(questions[0]?.texts?.es?.name).toMatch(/^¿|^En general/);
      }
    });

    it('answers an empty list when the facility has no questionnaire', async () => {
      await t.db
        .insertInto('facilities')
        .values({ id: 'no-questions', name: 'No Questions' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const admin = await t.login('admin@carevoice.test');
      const response = await call(t, admin, 'questions', {
        params: { surveyType: 'Admission', facilityId: 'no-questions' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('refuses an unknown type (400) and another facility (403)', async () => {
      const who = await staff();
      const bogus = await call(t, who, 'questions', {
        params: { surveyType: 'Bogus', facilityId: MAPLE },
      });
      expect(bogus.statusCode).toBe(400);
      const harbor = await call(t, who, 'questions', {
        params: { surveyType: 'Admission', facilityId: HARBOR },
      });
      expect(harbor.statusCode).toBe(403);
    });
  });

  describe('delay survey', () => {
    const delay = (who: SignedIn, body: Record<string, unknown>) =>
      call(t, who, 'delaySurvey', { body });
    const today = () => localToday(t.clock.now());

    it('delays an open Discharge survey: status delayed, listed under the delay date, audited', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey('Discharge');
      const date = addDays(today(), 10);
      const response = await delay(who, { date, patientId: survey.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: MESSAGES.delaySaved });
      const row = await t.db
        .selectFrom('surveys')
        .select(['status', 'delayed_until'])
        .where('id', '=', survey.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'delayed', delayed_until: date });
      const list = await dueList(who, 'Discharge');
      expect(list.survey_list.find((item) => item.id === survey.id)?.due_date).toBe(date);
      expect(isSortedDueList(list.survey_list)).toBe(true);
      const [audit] = await auditRows('survey.delayed', survey.id);
      expect(JSON.parse(audit!.detail_json!)).toEqual({
        survey_type: 'Discharge',
        delayed_until: date,
      });

      // A delayed survey is still open: it can be delayed again, to today at the earliest.
      const again = await delay(who, { date: today(), patientId: survey.id });
      expect(again.statusCode).toBe(200);
    });

    it('accepts up to one year ahead and refuses the past and beyond a year with 400', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey('Discharge');
      const before = await t.counts();
      const yearAhead = `${Number(today().slice(0, 4)) + 1}${today().slice(4)}`;
      for (const [date, detail] of [
        [addDays(today(), -1), MESSAGES.delayDateInPast],
        ['2020-01-01', MESSAGES.delayDateInPast],
        [addDays(yearAhead, 1), MESSAGES.delayDateTooFar],
      ] as const) {
        const response = await delay(who, { date, patientId: survey.id });
        expect(response.statusCode, date).toBe(400);
        expect(response.json()).toEqual({ detail });
      }
      for (const body of [
        { date: '2026-13-01', patientId: survey.id },
        { date: '', patientId: survey.id },
        { date: addDays(today(), 3) },
        { date: addDays(today(), 3), patientId: 'bad id' },
      ]) {
        expect((await delay(who, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await t.counts()).toEqual(before);
      expect((await delay(who, { date: yearAhead, patientId: survey.id })).statusCode).toBe(200);
    });

    it('refuses an Admission survey (400), a closed survey (409), an unknown one (404) and another facility’s (403)', async () => {
      const who = await staff();
      const date = addDays(today(), 5);
      const admission = await takeOpenSurvey('Admission');
      const notDischarge = await delay(who, { date, patientId: admission.id });
      expect(notDischarge.statusCode).toBe(400);
      expect(notDischarge.json()).toEqual({ detail: MESSAGES.delayDischargeOnly });

      const completed = await t.db
        .selectFrom('surveys')
        .select('id')
        .where('facility_id', '=', MAPLE)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('surveys')
        .set({ survey_type: 'Discharge' })
        .where('id', '=', completed.id)
        .execute();
      const closed = await delay(who, { date, patientId: completed.id });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ detail: MESSAGES.surveyAlreadyCompleted });

      const unknown = await delay(who, { date, patientId: 'no-such-survey' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: MESSAGES.surveyNotFound });

      const harbor = await takeOpenSurvey('Discharge', HARBOR);
      const forbidden = await delay(who, { date, patientId: harbor.id });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ detail: MESSAGES.facilityForbidden });
    });
  });

  describe('resident discharged', () => {
    const discharge = (who: SignedIn, body: Record<string, unknown>) =>
      call(t, who, 'residentDischarged', { body });

    it('closes the survey, discharges the resident with the reason and takes the other open surveys off the lists', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey('Admission');
      const other = await call(t, who, 'createSurvey', {
        body: {
          facility_id: MAPLE,
          survey_type: 'Discharge',
          resident_id: survey.resident_id,
          resident_name: '',
          resident_client_id: '',
        },
      });
      const otherId = other.json().survey_id as string;
      expect((await dueList(who, 'Discharge')).survey_list.map((item) => item.id)).toContain(
        otherId,
      );

      const response = await discharge(who, {
        user_id: who.body.sf_user_id,
        patientId: survey.id,
        reason: 'Out To Hospital',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: MESSAGES.dischargeUpdated });

      const row = await t.db
        .selectFrom('surveys')
        .select('status')
        .where('id', '=', survey.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('not_completable');
      const resident = await t.db
        .selectFrom('residents')
        .selectAll()
        .where('id', '=', survey.resident_id)
        .executeTakeFirstOrThrow();
      expect(resident).toMatchObject({
        active: 0,
        discharge_reason: 'Out To Hospital',
        discharged_at: t.clock.now().toISOString(),
      });
      expect((await dueList(who, 'Admission')).survey_list.map((item) => item.id)).not.toContain(
        survey.id,
      );
      expect((await dueList(who, 'Discharge')).survey_list.map((item) => item.id)).not.toContain(
        otherId,
      );
      const [audit] = await auditRows('resident.discharged', survey.resident_id);
      expect(audit).toMatchObject({ target_type: 'resident', facility_id: MAPLE });
      expect(JSON.parse(audit!.detail_json!)).toEqual({
        reason: 'Out To Hospital',
        survey_id: survey.id,
        survey_type: 'Admission',
      });

      // Closed now: a second discharge or a delay is 409; a new survey for the resident too.
      const before = await t.counts();
      const again = await discharge(who, {
        user_id: who.body.sf_user_id,
        patientId: survey.id,
        reason: 'Discharged',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: MESSAGES.surveyNotCompletable });
      await t.db
        .updateTable('surveys')
        .set({ survey_type: 'Discharge' })
        .where('id', '=', survey.id)
        .execute();
      const delayed = await call(t, who, 'delaySurvey', {
        body: { date: addDays(localToday(t.clock.now()), 3), patientId: survey.id },
      });
      expect(delayed.statusCode).toBe(409);
      expect(delayed.json()).toEqual({ detail: MESSAGES.surveyNotCompletable });
      expect(await t.counts()).toEqual(before);
    });

    it('refuses an unknown reason (400), another user id (403), another facility (403) and an unknown survey (404)', async () => {
      const who = await staff();
      const manager = await t.login('manager@carevoice.test');
      const survey = await takeOpenSurvey('Discharge');
      const before = await t.counts();
      const base = { user_id: who.body.sf_user_id, patientId: survey.id, reason: 'Discharged' };
      for (const body of [
        { ...base, reason: 'Moved away' },
        { ...base, reason: '' },
        { user_id: base.user_id, patientId: base.patientId },
      ]) {
        expect((await discharge(who, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const mismatch = await discharge(who, { ...base, user_id: manager.body.sf_user_id });
      expect(mismatch.statusCode).toBe(403);
      expect(mismatch.json()).toEqual({ detail: MESSAGES.userMismatch });
      const harbor = await takeOpenSurvey('Admission', HARBOR);
      const forbidden = await discharge(who, { ...base, patientId: harbor.id });
      expect(forbidden.statusCode).toBe(403);
      const unknown = await discharge(who, { ...base, patientId: 'missing' });
      expect(unknown.statusCode).toBe(404);
      expect(await t.counts()).toEqual(before);
    });
  });

  describe('active employees', () => {
    it('maps department to position to "Name-CODE" of the facility’s active employees', async () => {
      const who = await staff();
      const response = await call(t, who, 'activeEmployees', { params: { facilityId: MAPLE } });
      expect(response.statusCode).toBe(200);
      const departments = ActiveEmployeesResponseSchema.parse(response.json());
      const employees = await t.db
        .selectFrom('employees')
        .selectAll()
        .where('facility_id', '=', MAPLE)
        .execute();
      const active = employees.filter((employee) => employee.active === 1);
      const listed = Object.entries(departments).flatMap(([department, positions]) =>
        Object.entries(positions).flatMap(([position, entries]) =>
          entries.map((entry) => {
            // The client splits at the last '-': names may contain one, codes never do.
            const cut = entry.lastIndexOf('-');
            return { department, position, name: entry.slice(0, cut), code: entry.slice(cut + 1) };
          }),
        ),
      );
      expect(listed).toHaveLength(active.length);
      for (const entry of listed) {
        expect(active).toContainEqual(expect.objectContaining(entry));
      }
      expect(Object.keys(departments)).toEqual(Object.keys(departments).sort());
      expect(listed.map((entry) => entry.code)).not.toContain(
        employees.find((employee) => employee.active === 0)?.code,
      );
    });

    it('refuses another facility with 403 and no session with 401', async () => {
      const who = await staff();
      const harbor = await call(t, who, 'activeEmployees', { params: { facilityId: HARBOR } });
      expect(harbor.statusCode).toBe(403);
      const anonymous = await call(t, undefined, 'activeEmployees', {
        params: { facilityId: MAPLE },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
