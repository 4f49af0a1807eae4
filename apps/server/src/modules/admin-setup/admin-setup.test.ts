import { AdminSetupSchema, type AdminSetup, type DraftQuestion } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { createUser } from '../users/users.service.js';
import {
  describeEachDialect,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE, signInNewUser } from '../../test/survey-kit.js';

const PASSWORD = 'a-long-admin-password';

async function setup(t: TestApp, who: SignedIn): Promise<AdminSetup> {
  const response = await call(t, who, 'adminSetup', {});
  expect(response.statusCode, response.body).toBe(200);
  return AdminSetupSchema.parse(response.json());
}

async function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as unknown;
}

describeEachDialect('administration: the first-run checklist’s counts (ADR 051)', (dialect) => {
  describe('on an empty install', () => {
    const t = useTestApp(dialect);

    it('ticks off each step from what was really done: facility, employees, census, questionnaires, staff', async () => {
      await createUser(
        t.db,
        {
          email: 'it@lakeside.example',
          name: 'Ines IT',
          password: PASSWORD,
          admin: true,
          permissions: [],
          facilityIds: [],
        },
        t.clock.now(),
      );
      const admin = await t.login('it@lakeside.example', PASSWORD);
      expect(await setup(t, admin)).toEqual({
        facilities: 0,
        employees: 0,
        residents: 0,
        questionnaires_published: 0,
        staff: 0,
      });

      const created = (await ok(
        await call(t, admin, 'adminCreateFacility', { body: { name: 'Lakeside Care Home' } }),
        201,
      )) as { id: string };
      const facilityId = created.id;
      // A new facility starts with the standard questionnaires: not yet one of the facility's own.
      expect(await setup(t, admin)).toMatchObject({ facilities: 1, questionnaires_published: 0 });

      await ok(
        await call(t, admin, 'adminEmployeeCreate', {
          params: { facilityId },
          body: {
            employee_code: 'E1',
            name: 'Nina Nurse',
            department: 'Nursing',
            position: 'Nurse',
          },
        }),
        201,
      );
      await ok(
        await call(t, admin, 'adminResidentCreate', {
          params: { facilityId },
          body: {
            client_id: 'R1',
            first_name: 'Rosa',
            last_name: 'Resident',
            preferred_language: 'en',
            admitted_on: null,
          },
        }),
        201,
      );
      expect(await setup(t, admin)).toMatchObject({ employees: 1, residents: 1 });

      const list = (await ok(
        await call(t, admin, 'adminQuestionnaires', { query: { facility_id: facilityId } }),
      )) as { id: string; survey_type: string | null }[];
      const admission = list.find((item) => item.survey_type === 'Admission');
      if (!admission) throw new Error('the new facility has no Admission questionnaire');
      const detail = (await ok(
        await call(t, admin, 'adminQuestionnaire', { params: { questionnaireId: admission.id } }),
      )) as { version: number; published: { questions: DraftQuestion[] } };
      const saved = (await ok(
        await call(t, admin, 'adminSaveQuestionnaireDraft', {
          params: { questionnaireId: admission.id },
          body: { questions: detail.published.questions, version: detail.version },
        }),
      )) as { version: number };
      await ok(
        await call(t, admin, 'adminPublishQuestionnaire', {
          params: { questionnaireId: admission.id },
          body: { version: saved.version },
        }),
      );
      expect(await setup(t, admin)).toMatchObject({ questionnaires_published: 1, staff: 0 });

      await ok(
        await call(t, admin, 'adminCreateUser', {
          body: {
            email: 'nina.staff@lakeside.example',
            name: 'Nina Staff',
            permissions: ['Patients_Surveys'],
            facility_ids: [facilityId],
          },
        }),
        201,
      );
      expect(await setup(t, admin)).toEqual({
        facilities: 1,
        employees: 1,
        residents: 1,
        questionnaires_published: 1,
        staff: 1,
      });
    });
  });

  describe('with several facilities', () => {
    const t = useTestApp(dialect, { seed: true });

    it('counts only the administrator’s own facilities, and those not archived', async () => {
      const office = await signInNewUser(t, {
        permissions: ['Administration'],
        facilityIds: [MAPLE, RIVERSIDE],
      });
      const own = [MAPLE, RIVERSIDE];
      const count = async (table: 'employees' | 'residents', ids: string[]) => {
        let query = t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('facility_id', 'in', ids);
        if (table === 'employees') query = query.where('active', '=', 1);
        return Number((await query.executeTakeFirstOrThrow()).count);
      };
      const progress = await setup(t, office);
      expect(progress).toMatchObject({
        facilities: 2,
        employees: await count('employees', own),
        residents: await count('residents', own),
      });
      expect(progress.residents).toBeLessThan(await count('residents', [...own, HARBOR]));
      expect(progress.staff).toBeGreaterThan(0);

      await t.db
        .updateTable('facilities')
        .set({ archived: 1 })
        .where('id', '=', RIVERSIDE)
        .execute();
      expect(await setup(t, office)).toMatchObject({
        facilities: 1,
        residents: await count('residents', [MAPLE]),
      });
    });
  });
});
