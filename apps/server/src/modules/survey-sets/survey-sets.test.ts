import {
  ActivePatientsResponseSchema,
  CulinaryEmployeesResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  QuestionsResponseSchema,
  validateQuestionnaire,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../db/values.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  answerPath,
  answerRecords,
  AS_NEEDED_SET,
  call,
  CULINARY_SET,
  HARBOR,
  MAPLE,
  residentId,
  signInNewUser,
  THERAPY_SET,
} from '../../test/survey-kit.js';

describeEachDialect('survey sets', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const staff = () => t.login('staff@carevoice.test');

  describe('survey sets of a facility', () => {
    it('lists the sets assigned to the facility by name', async () => {
      const who = await staff();
      const response = await call(t, who, 'surveySets', { params: { facilityId: MAPLE } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: AS_NEEDED_SET, name: 'As Needed' },
        { id: CULINARY_SET, name: 'Culinary Experience' },
      ]);
      const manager = await t.login('manager@carevoice.test');
      const harbor = await call(t, manager, 'surveySets', { params: { facilityId: HARBOR } });
      expect(harbor.json().map((set: { name: string }) => set.name)).toEqual([
        'As Needed',
        'Culinary Experience',
        'Therapy Progress',
      ]);
    });

    it('refuses another facility (403), no session (401) and no Patients_Surveys (403)', async () => {
      const who = await staff();
      expect(
        (await call(t, who, 'surveySets', { params: { facilityId: HARBOR } })).statusCode,
      ).toBe(403);
      expect(
        (await call(t, undefined, 'surveySets', { params: { facilityId: MAPLE } })).statusCode,
      ).toBe(401);
      const other = await signInNewUser(t, { permissions: ['Social_Work'], facilityIds: [MAPLE] });
      const refused = await call(t, other, 'surveySets', { params: { facilityId: MAPLE } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
    });
  });

  describe('active patients', () => {
    it('lists the active residents as "First Last", by last name', async () => {
      const who = await staff();
      const response = await call(t, who, 'activePatients', { params: { facilityId: MAPLE } });
      expect(response.statusCode).toBe(200);
      const patients = ActivePatientsResponseSchema.parse(response.json());
      const residents = await t.db
        .selectFrom('residents')
        .selectAll()
        .where('facility_id', '=', MAPLE)
        .where('active', '=', 1)
        .execute();
      expect(patients).toHaveLength(residents.length);
      const byId = new Map(residents.map((resident) => [resident.id, resident]));
      const lastNames = patients.map((patient) => {
        const resident = byId.get(patient.id)!;
        expect(patient.name).toBe(`${resident.first_name} ${resident.last_name}`);
        // The resident's language, so the set survey opens in it (ADR 033).
        expect(patient.preferred_language).toBe(resident.preferred_language);
        return resident.last_name;
      });
      expect(lastNames).toEqual([...lastNames].sort());
      expect(patients.map((patient) => patient.id)).not.toContain(residentId('maple-grove', 49));
      expect(new Set(patients.map((patient) => patient.preferred_language))).toEqual(
        new Set(['en', 'es']),
      );
    });

    it('refuses another facility with 403', async () => {
      const response = await call(t, await staff(), 'activePatients', {
        params: { facilityId: HARBOR },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('set questions', () => {
    it('answers the set’s questionnaire in position order', async () => {
      const who = await staff();
      const response = await call(t, who, 'setQuestions', {
        params: { surveySetId: CULINARY_SET },
      });
      expect(response.statusCode).toBe(200);
      const questions = QuestionsResponseSchema.parse(response.json());
      expect(questions.length).toBeGreaterThan(3);
      expect(validateQuestionnaire(questions)).toEqual([]);
      const stored = await t.db
        .selectFrom('questions')
        .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
        .select('questions.id')
        .where('questionnaires.survey_set_id', '=', CULINARY_SET)
        .orderBy('questions.position')
        .execute();
      expect(questions.map((question) => question.id)).toEqual(stored.map((row) => row.id));
    });

    it('refuses a set not assigned to any of the user’s facilities (403) and an unknown set (404)', async () => {
      await t.db.insertInto('survey_sets').values({ id: 'orphan-set', name: 'Orphan' }).execute();
      const who = await staff();
      const harborOnly = await call(t, who, 'setQuestions', {
        params: { surveySetId: THERAPY_SET },
      });
      expect(harborOnly.statusCode).toBe(403);
      expect(harborOnly.json()).toEqual({ detail: MESSAGES.surveySetForbidden });
      const manager = await t.login('manager@carevoice.test');
      expect(
        (await call(t, manager, 'setQuestions', { params: { surveySetId: THERAPY_SET } }))
          .statusCode,
      ).toBe(200);
      for (const user of [who, manager, await t.login('admin@carevoice.test')]) {
        const orphan = await call(t, user, 'setQuestions', {
          params: { surveySetId: 'orphan-set' },
        });
        expect(orphan.statusCode).toBe(403);
      }
      const unknown = await call(t, who, 'setQuestions', {
        params: { surveySetId: 'no-such-set' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: MESSAGES.surveySetNotFound });
      const malformed = await call(t, who, 'setQuestions', {
        params: { surveySetId: 'bad id!' },
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('create as-needed survey', () => {
    const create = (who: SignedIn, body: Record<string, unknown>) =>
      call(t, who, 'createSetSurvey', { body });
    const bodyFor = (resident: string, setId = AS_NEEDED_SET, facility_id = MAPLE) => ({
      facility_id,
      resident_id: resident,
      resident_name: 'Ignored',
      survey_set_id: setId,
    });

    it('creates a new As Needed survey of the set every time, audited', async () => {
      const who = await staff();
      const resident = residentId('maple-grove', 3);
      const before = await t.counts();
      const first = await create(who, bodyFor(resident));
      const second = await create(who, bodyFor(resident));
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const ids = [first.json().survey_id, second.json().survey_id] as string[];
      expect(new Set(ids).size).toBe(2);
      expect(await t.counts()).toEqual({
        ...before,
        surveys: before.surveys! + 2,
        audit_events: before.audit_events! + 2,
      });
      const rows = await t.db.selectFrom('surveys').selectAll().where('id', 'in', ids).execute();
      for (const row of rows) {
        expect(row).toMatchObject({
          facility_id: MAPLE,
          resident_id: resident,
          survey_type: 'As Needed',
          survey_set_id: AS_NEEDED_SET,
          status: 'due',
          due_date: localToday(t.clock.now()),
          created_by: who.body.sf_user_id,
        });
      }
      const audit = await t.db
        .selectFrom('audit_events')
        .select('detail_json')
        .where('action', '=', 'survey.created')
        .where('target_id', '=', ids[0]!)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail_json!)).toEqual({
        survey_type: 'As Needed',
        survey_set_id: AS_NEEDED_SET,
        resident_id: resident,
      });
    });

    it('refuses an unassigned set (403), an unknown set (404), other facilities (403), a discharged (409) or unknown (404) resident', async () => {
      const who = await staff();
      const manager = await t.login('manager@carevoice.test');
      const before = await t.counts();
      const unassigned = await create(manager, bodyFor(residentId('maple-grove', 4), THERAPY_SET));
      expect(unassigned.statusCode).toBe(403);
      expect(unassigned.json()).toEqual({ detail: MESSAGES.surveySetNotAssigned });
      const unknownSet = await create(who, bodyFor(residentId('maple-grove', 4), 'no-such-set'));
      expect(unknownSet.statusCode).toBe(404);
      expect(unknownSet.json()).toEqual({ detail: MESSAGES.surveySetNotFound });
      const harbor = await create(
        who,
        bodyFor(residentId('harbor-view', 4), AS_NEEDED_SET, HARBOR),
      );
      expect(harbor.statusCode).toBe(403);
      expect(harbor.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const otherResident = await create(who, bodyFor(residentId('riverside', 4)));
      expect(otherResident.statusCode).toBe(403);
      expect(otherResident.json()).toEqual({ detail: MESSAGES.residentOtherFacility });
      const discharged = await create(who, bodyFor(residentId('maple-grove', 49)));
      expect(discharged.statusCode).toBe(409);
      const unknownResident = await create(who, bodyFor('no-such-resident'));
      expect(unknownResident.statusCode).toBe(404);
      for (const body of [{}, { ...bodyFor('x'), survey_set_id: 5 }, { facility_id: MAPLE }]) {
        expect((await create(who, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await t.counts()).toEqual(before);
    });
  });

  describe('culinary employees', () => {
    it('lists only the facility’s active employees of a department containing "culinary", any case', async () => {
      await t.db
        .insertInto('employees')
        .values([
          {
            id: 'extra-1',
            facility_id: MAPLE,
            code: 'X9001',
            name: 'Casey Kitchen',
            department: 'Food Services (CULINARY)',
            position: 'Baker',
            active: 1,
          },
          {
            id: 'extra-2',
            facility_id: MAPLE,
            code: 'X9002',
            name: 'Former Cook',
            department: 'Culinary',
            position: 'Cook',
            active: 0,
          },
        ])
        .execute();
      const who = await staff();
      const response = await call(t, who, 'culinaryEmployees', { params: { facilityId: MAPLE } });
      expect(response.statusCode).toBe(200);
      const employees = CulinaryEmployeesResponseSchema.parse(response.json());
      const expected = await t.db
        .selectFrom('employees')
        .select(['code', 'name', 'position', 'department'])
        .where('facility_id', '=', MAPLE)
        .where('active', '=', 1)
        .execute();
      const culinary = expected.filter((row) => /culinary/i.test(row.department));
      expect(culinary.length).toBeGreaterThanOrEqual(4);
      expect(new Set(employees.map((employee) => employee.employee_code))).toEqual(
        new Set(culinary.map((row) => row.code)),
      );
      expect(employees.map((employee) => employee.employee_code)).toContain('X9001');
      expect(employees.map((employee) => employee.employee_code)).not.toContain('X9002');
      for (const employee of employees) {
        expect(Object.keys(employee)).toEqual(['employee_code', 'name', 'position', 'department']);
      }
    });

    it('refuses another facility with 403', async () => {
      const response = await call(t, await staff(), 'culinaryEmployees', {
        params: { facilityId: HARBOR },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('taking a set survey', () => {
    it('submits a culinary set survey with comments and a culinary acknowledgement', async () => {
      const who = await staff();
      const created = await call(t, who, 'createSetSurvey', {
        body: {
          facility_id: MAPLE,
          resident_id: residentId('maple-grove', 5),
          resident_name: '',
          survey_set_id: CULINARY_SET,
        },
      });
      const surveyId = created.json().survey_id as string;
      const questions = QuestionsResponseSchema.parse(
        (await call(t, who, 'setQuestions', { params: { surveySetId: CULINARY_SET } })).json(),
      );
      const [cook] = CulinaryEmployeesResponseSchema.parse(
        (await call(t, who, 'culinaryEmployees', { params: { facilityId: MAPLE } })).json(),
      );
      const path = answerPath(questions);
      const body = {
        survey_answer_list: answerRecords(surveyId, path, (index) => `Set comment ${index + 1}`),
        patient_id: surveyId,
        sf_user_id: who.body.sf_user_id,
        ack_data: [
          {
            id: cook!.employee_code,
            name: cook!.name,
            position: cook!.position,
            department: cook!.department,
            comment: 'Lovely soup.',
          },
        ],
      };
      const response = await call(t, who, 'submitAnswers', {
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: 'culinary-set-survey-1' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ survey_id_list: [surveyId] });
      const printed = await call(t, who, 'fetchAnswers', {
        body: { survey_id_list: [surveyId] },
      });
      expect(printed.json().data.map((row: { comment: string }) => row.comment)).toEqual(
        path.map((_, index) => `Set comment ${index + 1}`),
      );

      // A set survey follows its set's questionnaire, not the facility's Admission one.
      const another = await call(t, who, 'createSetSurvey', {
        body: {
          facility_id: MAPLE,
          resident_id: residentId('maple-grove', 5),
          resident_name: '',
          survey_set_id: AS_NEEDED_SET,
        },
      });
      const anotherId = another.json().survey_id as string;
      const wrong = await call(t, who, 'submitAnswers', {
        body: {
          ...body,
          patient_id: anotherId,
          survey_answer_list: answerRecords(anotherId, path),
        },
        headers: { [IDEMPOTENCY_KEY_HEADER]: 'as-needed-set-survey-1' },
      });
      expect(wrong.statusCode).toBe(400);
    });
  });
});
