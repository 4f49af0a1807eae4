/**
 * The list whose JSON the database writes (db/json-rows.ts): the active patients. Its body must
 * be exactly what the JavaScript path built before (rows mapped to items and written by the
 * serializer), on both dialects; parse with the shared zod schema; and keep the API's headers.
 */
import { ActivePatientsResponseSchema, apiPath, type EndpointName } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestApp } from '../test/harness.js';
import { HARBOR, MAPLE, RIVERSIDE } from '../test/survey-kit.js';
import type { Database } from './database.js';
import { Random } from './seed/demo.js';

// What the endpoint answered when the server mapped the rows itself (before ADR 009).

async function previousActivePatients(db: Kysely<Database>, facilityId: string) {
  const residents = await db
    .selectFrom('residents')
    .select(['id', 'first_name', 'last_name', 'preferred_language'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return residents.map((resident) => ({
    id: resident.id,
    name: `${resident.first_name} ${resident.last_name}`,
    preferred_language: resident.preferred_language,
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

  /** The facility's active patients: the same as before, and valid for the zod schema. */
  async function expectSameAsBefore(facilityId: string) {
    const { body } = await get('activePatients', { facilityId });
    const patients = JSON.parse(body) as unknown;
    expect(ActivePatientsResponseSchema.parse(patients)).toStrictEqual(patients);
    const previous = await previousActivePatients(t.db, facilityId);
    expect(patients).toStrictEqual(previous);
    // Byte for byte what the serializer writes: no spaces, the same escapes, on both dialects.
    expect(body).toBe(JSON.stringify(previous));
    return patients as { id: string; name: string }[];
  }

  it('answers every seeded facility exactly as the rows mapped in JavaScript did', async () => {
    for (const facilityId of [MAPLE, RIVERSIDE, HARBOR]) {
      expect((await expectSameAsBefore(facilityId)).length).toBeGreaterThan(10);
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
    const patients = await expectSameAsBefore(RIVERSIDE);
    const written = new Set(patients.map((patient) => patient.name));
    AWKWARD_NAMES.forEach((name, n) => {
      expect(written).toContain(`${name} Awkward ${n}`);
      expect(written).toContain(`Awkward ${n} ${name}`);
    });
  });

  it('answers an empty list as []', async () => {
    await t.db.insertInto('facilities').values({ id: 'json-rows-empty', name: 'Empty' }).execute();
    expect((await get('activePatients', { facilityId: 'json-rows-empty' })).body).toBe('[]');
  });
});
