import {
  QUESTION_TYPES,
  RESIDENT_SURVEY_TYPES,
  validateAnswerPath,
  validateQuestionnaire,
  type Question,
} from '@carevoice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../constants.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import {
  ALL_TABLES,
  buildTestApp,
  describeEachDialect,
  TEST_TODAY,
  type TestApp,
} from '../../test/harness.js';
import { addDays, questionFromRow } from '../values.js';
import { buildDemoRows, DEMO_ACCOUNTS, demoId, seedDemoData } from './demo.js';

describeEachDialect('demo data', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      buildTestApp(dialect, { seed: true, fresh: true }),
      buildTestApp(dialect, { seed: true, fresh: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  const dump = async (t: TestApp) => {
    const tables: Record<string, unknown[]> = {};
    for (const table of ALL_TABLES) {
      const rows = (await t.db.selectFrom(table).selectAll().execute()) as Record<
        string,
        unknown
      >[];
      tables[table] = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    }
    return tables;
  };

  const questionnaire = async (t: TestApp, id: string): Promise<Question[]> => {
    const rows = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('questionnaire_id', '=', id)
      .orderBy('position')
      .execute();
    return rows.map(questionFromRow);
  };

  it('two seeds with the same anchor produce identical rows', async () => {
    expect(await dump(first)).toEqual(await dump(second));
  });

  it('seeds only into a database without users', async () => {
    const before = await first.counts();
    const seeded = await seedDemoData(first.db, { today: TEST_TODAY, passwordHash: 'unused' });
    expect(seeded).toBe(false);
    expect(await first.counts()).toEqual(before);
  });

  it('signs the four demo accounts in with the demo password', async () => {
    for (const email of [
      'staff@carevoice.test',
      'manager@carevoice.test',
      'admin@carevoice.test',
      'preview@carevoice.test',
    ]) {
      expect((await first.login(email, DEMO_PASSWORD)).body.email).toBe(email);
    }
  });

  it('has three facilities with dozens of residents due over a spread of dates', async () => {
    const facilities = await first.db.selectFrom('facilities').selectAll().execute();
    expect(facilities).toHaveLength(3);
    for (const facility of facilities) {
      const due = await first.db
        .selectFrom('surveys')
        .selectAll()
        .where('facility_id', '=', facility.id)
        .where('status', '=', 'due')
        .execute();
      expect(due.length).toBeGreaterThanOrEqual(40);
      const types = new Set(due.map((survey) => survey.survey_type));
      expect(types).toEqual(new Set(['Admission', 'Discharge']));
      for (const survey of due) {
        expect(survey.due_date >= addDays(TEST_TODAY, -20)).toBe(true);
        expect(survey.due_date <= addDays(TEST_TODAY, 40)).toBe(true);
      }
      const withoutDue = await first.db
        .selectFrom('residents')
        .select(['id', 'client_id'])
        .where('facility_id', '=', facility.id)
        .where('active', '=', 1)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('surveys')
                .select('surveys.id')
                .whereRef('surveys.resident_id', '=', 'residents.id')
                .where('surveys.status', '=', 'due'),
            ),
          ),
        )
        .execute();
      expect(withoutDue.length).toBeGreaterThanOrEqual(5);
      for (const resident of withoutDue) expect(resident.client_id).not.toBe('');
    }
  });

  // The spec's question types; the 0–10 Rating (CAHPS, ADR 060) is in no demo questionnaire.
  const specQuestionTypes = new Set(QUESTION_TYPES.filter((type) => type !== 'Rating'));

  it('gives each facility Admission and Discharge questionnaires with every question type of the spec', async () => {
    const facilities = await first.db.selectFrom('facilities').select('id').execute();
    for (const { id } of facilities) {
      for (const type of RESIDENT_SURVEY_TYPES) {
        const row = await first.db
          .selectFrom('questionnaires')
          .select('id')
          .where('facility_id', '=', id)
          .where('survey_type', '=', type)
          .executeTakeFirstOrThrow();
        const questions = await questionnaire(first, row.id);
        expect(new Set(questions.map((question) => question.type))).toEqual(specQuestionTypes);
        expect(questions.some((question) => Object.values(question.values).some(Boolean))).toBe(
          true,
        );
        const numbers = questions.filter((question) => question.type === 'Number');
        expect(numbers.some((question) => question.validation_logic.value !== undefined)).toBe(
          true,
        );
        const required = questions.map((question) => question.validation_logic.required);
        expect(required).toContain(true);
        expect(required).toContain(false);
      }
    }
  });

  it('only branches forward, in every seeded questionnaire', async () => {
    const questionnaires = await first.db.selectFrom('questionnaires').select('id').execute();
    expect(questionnaires.length).toBe(3 * 2 + 3);
    for (const { id } of questionnaires) {
      const questions = await questionnaire(first, id);
      expect(questions.length).toBeGreaterThan(3);
      expect(validateQuestionnaire(questions), id).toEqual([]);
      const targets = questions
        .flatMap(({ values, validation_logic: logic }) => [
          ...Object.values(values),
          logic.less,
          logic.equal,
          logic.greater,
        ])
        .filter(Boolean);
      expect(targets.length, `${id} branches somewhere`).toBeGreaterThan(0);
    }
  });

  it('assigns every facility an As Needed and a Culinary set', async () => {
    const facilities = await first.db.selectFrom('facilities').select('id').execute();
    for (const { id } of facilities) {
      const sets = await first.db
        .selectFrom('facility_survey_sets')
        .innerJoin('survey_sets', 'survey_sets.id', 'facility_survey_sets.survey_set_id')
        .select('survey_sets.name')
        .where('facility_survey_sets.facility_id', '=', id)
        .execute();
      const names = sets.map((set) => set.name);
      expect(names).toContain('As Needed');
      expect(names.some((name) => /culinary/i.test(name))).toBe(true);
    }
  });

  it('has employees in several departments and positions, some inactive', async () => {
    const facilities = await first.db.selectFrom('facilities').select('id').execute();
    for (const { id } of facilities) {
      const employees = await first.db
        .selectFrom('employees')
        .selectAll()
        .where('facility_id', '=', id)
        .execute();
      expect(employees.length).toBeGreaterThanOrEqual(20);
      const departments = new Map<string, Set<string>>();
      for (const employee of employees) {
        expect(employee.code).toMatch(/^E\d{4}$/);
        expect(employee.code).not.toContain('-');
        const positions = departments.get(employee.department) ?? new Set();
        positions.add(employee.position);
        departments.set(employee.department, positions);
      }
      expect(departments.size).toBeGreaterThanOrEqual(3);
      for (const positions of departments.values()) expect(positions.size).toBeGreaterThan(1);
      expect(employees.some((employee) => employee.active === 0)).toBe(true);
      expect(departments.has('Culinary')).toBe(true);
    }
  });

  it('has pending acknowledgements for at least three employees per facility, one with several', async () => {
    const facilities = await first.db.selectFrom('facilities').select('id').execute();
    for (const { id } of facilities) {
      const pending = await first.db
        .selectFrom('acknowledgements')
        .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
        .select(['acknowledgements.employee_id', 'employees.facility_id', 'employees.active'])
        .where('acknowledgements.facility_id', '=', id)
        .where('acknowledgements.status', '=', 'pending')
        .execute();
      const perEmployee = new Map<string, number>();
      for (const row of pending) {
        expect(row.facility_id).toBe(id);
        expect(row.active).toBe(1);
        perEmployee.set(row.employee_id, (perEmployee.get(row.employee_id) ?? 0) + 1);
      }
      expect(perEmployee.size).toBeGreaterThanOrEqual(3);
      expect(Math.max(...perEmployee.values())).toBeGreaterThanOrEqual(2);
    }
  });

  it('stores completed surveys whose answers follow a valid branch path', async () => {
    const completed = await first.db
      .selectFrom('surveys')
      .innerJoin('questionnaires', (join) =>
        join
          .onRef('questionnaires.facility_id', '=', 'surveys.facility_id')
          .onRef('questionnaires.survey_type', '=', 'surveys.survey_type'),
      )
      .select(['surveys.id', 'questionnaires.id as questionnaire_id'])
      .where('surveys.status', '=', 'completed')
      .execute();
    expect(completed.length).toBeGreaterThanOrEqual(3);
    for (const survey of completed) {
      const questions = await questionnaire(first, survey.questionnaire_id);
      const answers = await first.db
        .selectFrom('answers')
        .select(['question_id', 'answer'])
        .where('survey_id', '=', survey.id)
        .orderBy('position')
        .execute();
      const path = answers.map((row) => ({ questionId: row.question_id, answer: row.answer }));
      expect(validateAnswerPath(questions, path), survey.id).toBeUndefined();
    }
  });
});

describe('demo rows', () => {
  it('derive from names and the anchor only', async () => {
    const options = { today: TEST_TODAY, passwordHash: 'hash' };
    expect(buildDemoRows(options)).toEqual(buildDemoRows(options));
    expect(demoId('facility', 'maple-grove')).toBe(demoId('facility', 'maple-grove'));
    expect(demoId('facility', 'maple-grove')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const later = buildDemoRows({ ...options, today: addDays(TEST_TODAY, 1) });
    expect(later.surveys.map((survey) => survey.due_date)).toEqual(
      buildDemoRows(options).surveys.map((survey) => addDays(survey.due_date, 1)),
    );
  });

  it('uses one password hash for every account', async () => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const { users } = buildDemoRows({ today: TEST_TODAY, passwordHash });
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
    for (const user of users) expect(user.password_hash).toBe(passwordHash);
    expect(await verifyPassword(passwordHash, DEMO_PASSWORD)).toBe(true);
  });
});
