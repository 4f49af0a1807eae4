/**
 * Lists whose JSON the database writes (db/json-rows.ts): the due list, full and dated, and the
 * active patients. Each body must be exactly what the JavaScript path built before (rows mapped
 * to items and written by the serializer), on both dialects; parse with the shared zod schema;
 * and keep the API's headers.
 */
import {
  ActivePatientsResponseSchema,
  apiPath,
  DatedSurveyListResponseSchema,
  SurveyListResponseSchema,
  type EndpointName,
  type ResidentSurveyType,
} from '@carevoice/shared';
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, TEST_TODAY, useTestApp } from '../test/harness.js';
import { HARBOR, MAPLE, RIVERSIDE } from '../test/survey-kit.js';
import type { Database } from './database.js';
import { Random } from './seed/demo.js';
import { addDays } from './values.js';

const TYPES = ['Admission', 'Discharge'] as const;
const FROM = addDays(TEST_TODAY, -7);
const TO = addDays(TEST_TODAY, 21);

// What the endpoints answered when the server mapped the rows itself (before ADR 009): the same
// queries, the items as the services built them.

async function previousDueList(
  db: Kysely<Database>,
  facilityId: string,
  surveyType: ResidentSurveyType,
  dates?: { start: string; end: string },
) {
  const listDate = sql<string>`coalesce(surveys.delayed_until, surveys.due_date)`;
  let query = db
    .selectFrom('surveys')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .select(['surveys.id', 'residents.first_name', 'residents.last_name', listDate.as('due_date')])
    .where('surveys.facility_id', '=', facilityId)
    .where('surveys.survey_type', '=', surveyType)
    .where('surveys.status', 'in', ['due', 'delayed'])
    .where('residents.facility_id', '=', facilityId)
    .where('residents.active', '=', 1);
  if (dates) query = query.where(listDate, '>=', dates.start).where(listDate, '<=', dates.end);
  const items = await query
    .orderBy(listDate)
    .orderBy('residents.last_name')
    .orderBy('residents.first_name')
    .orderBy('surveys.id')
    .execute();
  return dates
    ? { survey_list: items }
    : {
        survey_list: items,
        lowest_date: items[0]?.due_date ?? null,
        highest_date: items.at(-1)?.due_date ?? null,
      };
}

async function previousActivePatients(db: Kysely<Database>, facilityId: string) {
  const residents = await db
    .selectFrom('residents')
    .select(['id', 'first_name', 'last_name'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return residents.map((resident) => ({
    id: resident.id,
    name: `${resident.first_name} ${resident.last_name}`,
  }));
}

/** Names JSON must escape or carry as they are. (PostgreSQL text cannot hold U+0000.) */
const AWKWARD_NAMES = [
  'He said "hi"',
  String.raw`back\slash\\`,
  '</script><script>alert(1)</script>',
  "O'Brien",
  'Zoë Łukasz Åsa Ñúñez',
  '中文 名字 🎉👩‍⚕️',
  'tab\there\nnew line\r',
  'bell\u0007 escape\u001b unit\u001f',
  'line\u2028separator\u2029',
  '  spaced  ',
  '',
  '{"json":[1,2]}',
  'null',
];

describeEachDialect('lists written by the database', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  async function get(name: EndpointName, params: Record<string, string>) {
    const admin = await t.login('admin@carevoice.test');
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(name, params),
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    return response;
  }

  /** Every converted list of the facility: same as before, and valid for its zod schema. */
  async function expectSameAsBefore(facilityId: string) {
    const patients = JSON.parse((await get('activePatients', { facilityId })).body) as unknown;
    expect(ActivePatientsResponseSchema.parse(patients)).toStrictEqual(patients);
    expect(patients).toStrictEqual(await previousActivePatients(t.db, facilityId));
    let items = 0;
    for (const surveyType of TYPES) {
      const list = JSON.parse((await get('surveyList', { facilityId, surveyType })).body) as {
        survey_list: unknown[];
      };
      expect(SurveyListResponseSchema.parse(list)).toStrictEqual(list);
      expect(list).toStrictEqual(await previousDueList(t.db, facilityId, surveyType));
      const dated = JSON.parse(
        (
          await get('surveyListDated', {
            facilityId,
            surveyType,
            startDate: FROM,
            endDate: TO,
          })
        ).body,
      ) as unknown;
      expect(DatedSurveyListResponseSchema.parse(dated)).toStrictEqual(dated);
      expect(dated).toStrictEqual(
        await previousDueList(t.db, facilityId, surveyType, { start: FROM, end: TO }),
      );
      items += list.survey_list.length;
    }
    return { patients: patients as { id: string; name: string }[], items };
  }

  it('answers every seeded facility exactly as the rows mapped in JavaScript did', async () => {
    for (const facilityId of [MAPLE, RIVERSIDE, HARBOR]) {
      const { patients, items } = await expectSameAsBefore(facilityId);
      expect(patients.length).toBeGreaterThan(10);
      expect(items).toBeGreaterThan(10);
    }
  });

  it('escapes quotes, backslashes, control characters and keeps unicode, in the same order', async () => {
    const random = new Random('json-rows');
    const letters = [...'aAbBzZéÉ _-.0'];
    const pick = () =>
      Array.from({ length: random.int(1, 6) }, () => random.pick(letters)).join('');
    const names = [
      ...AWKWARD_NAMES.flatMap((name, n) => [
        { first_name: name, last_name: `Awkward ${n}` },
        { first_name: `Awkward ${n}`, last_name: name },
      ]),
      ...Array.from({ length: 300 }, () => ({ first_name: pick(), last_name: pick() })),
    ];
    const residents = names.map((name, n) => ({
      id: `json-rows-${String(n).padStart(4, '0')}`,
      facility_id: RIVERSIDE,
      client_id: `JR${n}`,
      active: 1,
      discharge_reason: null,
      discharged_at: null,
      ...name,
    }));
    await t.db.insertInto('residents').values(residents).execute();
    await t.db
      .insertInto('surveys')
      .values(
        residents.map((resident, n) => ({
          id: `json-rows-survey-${String(n).padStart(4, '0')}`,
          facility_id: RIVERSIDE,
          resident_id: resident.id,
          survey_type: TYPES[n % 2] ?? 'Admission',
          survey_set_id: null,
          due_date: addDays(TEST_TODAY, random.int(-10, 30)),
          status: n % 7 === 0 ? 'delayed' : 'due',
          delayed_until: n % 7 === 0 ? addDays(TEST_TODAY, random.int(0, 20)) : null,
          created_by: null,
          created_at: `${TEST_TODAY}T09:00:00.000Z`,
          submitted_by: null,
          submitted_at: null,
        })),
      )
      .execute();
    const { patients } = await expectSameAsBefore(RIVERSIDE);
    const written = new Set(patients.map((patient) => patient.name));
    AWKWARD_NAMES.forEach((name, n) => {
      expect(written).toContain(`${name} Awkward ${n}`);
      expect(written).toContain(`Awkward ${n} ${name}`);
    });
  });

  it('answers empty lists as [] and no dates as null', async () => {
    await t.db.insertInto('facilities').values({ id: 'json-rows-empty', name: 'Empty' }).execute();
    const facilityId = 'json-rows-empty';
    expect((await get('activePatients', { facilityId })).body).toBe('[]');
    expect((await get('surveyList', { facilityId, surveyType: 'Admission' })).body).toBe(
      '{"survey_list":[],"lowest_date":null,"highest_date":null}',
    );
    const dated = await get('surveyListDated', {
      facilityId,
      surveyType: 'Discharge',
      startDate: FROM,
      endDate: TO,
    });
    expect(dated.body).toBe('{"survey_list":[]}');
  });
});
