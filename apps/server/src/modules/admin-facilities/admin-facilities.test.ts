import {
  ADMIN_TEXT,
  AdminFacilityListResponseSchema,
  AdminFacilitySchema,
  FacilityPermissionResponseSchema,
  MESSAGES,
  type AdminFacility,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { ADMISSION, DISCHARGE } from '../../db/questionnaire-templates.js';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE, signInNewUser } from '../../test/survey-kit.js';

const text = ADMIN_TEXT.facilities;

let facilityCount = 0;
/** A facility name no other test uses. */
const uniqueName = (label: string) => {
  facilityCount += 1;
  return `${label} ${facilityCount} ${Math.random().toString(36).slice(2, 8)}`;
};

describeEachDialect('administration: facilities', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const superAdmin = () => t.login('admin@carevoice.test');
  /** A facility-scoped administrator of Maple Grove and Riverside (like office@). */
  const officeAdmin = () =>
    signInNewUser(t, { permissions: ['Administration'], facilityIds: [MAPLE, RIVERSIDE] });

  const list = async (who: SignedIn) => {
    const response = await call(t, who, 'adminListFacilities');
    expect(response.statusCode, response.body).toBe(200);
    return AdminFacilityListResponseSchema.parse(response.json());
  };
  const create = (who: SignedIn, body: unknown) => call(t, who, 'adminCreateFacility', { body });
  const update = (who: SignedIn, facilityId: string, body: unknown) =>
    call(t, who, 'adminUpdateFacility', { params: { facilityId }, body });
  const stored = (id: string) =>
    t.db.selectFrom('facilities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (id: string, action: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', action)
      .execute();
  /** A new facility (made by the all-access admin) and an administrator who holds only it. */
  const ownFacility = async (label: string) => {
    const response = await create(await superAdmin(), { name: uniqueName(label) });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const admin = await signInNewUser(t, { permissions: ['Administration'], facilityIds: [id] });
    return { id, admin };
  };

  describe('list', () => {
    it('gives an all-access administrator every facility with its settings and version', async () => {
      const facilities = await list(await superAdmin());
      const seeded = facilities.filter((facility) =>
        [MAPLE, RIVERSIDE, HARBOR].includes(facility.id),
      );
      expect(seeded.map((facility) => facility.name)).toEqual([
        'Harbor View Rehabilitation',
        'Maple Grove Care Home',
        'Riverside Senior Living',
      ]);
      for (const facility of seeded) {
        expect(facility.archived).toBe(false);
        expect(facility.languages).toContain('en');
        expect(facility.version).toBeGreaterThanOrEqual(1);
      }
    });

    it('gives a facility-scoped administrator exactly their facilities', async () => {
      const facilities = await list(await officeAdmin());
      expect(facilities.map((facility) => facility.id).sort()).toEqual([MAPLE, RIVERSIDE].sort());
    });

    it('refuses a user without Administration (403)', async () => {
      const response = await call(
        t,
        await t.login('manager@carevoice.test'),
        'adminListFacilities',
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    });
  });

  describe('create', () => {
    it('creates a facility with its settings, audited, and lists it (201)', async () => {
      const admin = await superAdmin();
      const name = uniqueName('Lakeside');
      const response = await create(admin, {
        name: `  ${name}  `,
        time_zone: 'America/Chicago',
        admission_survey_due_days: 3,
        discharge_survey_due_days: 2,
        languages: ['es', 'en'],
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json<{ id: string }>();
      expect(await stored(id)).toMatchObject({
        name,
        archived: 0,
        time_zone: 'America/Chicago',
        admission_survey_due_days: 3,
        discharge_survey_due_days: 2,
        languages_json: '["en","es"]',
        version: 1,
      });
      const [event, ...more] = await auditOf(id, 'facility.created');
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        actor_user_id: admin.body.sf_user_id,
        facility_id: id,
        target_type: 'facility',
      });
      expect(JSON.parse(event?.detail_json ?? '{}')).toMatchObject({
        name,
        time_zone: 'America/Chicago',
        languages: 'en,es',
      });
      expect((await list(admin)).find((facility) => facility.id === id)).toEqual({
        id,
        name,
        archived: false,
        time_zone: 'America/Chicago',
        admission_survey_due_days: 3,
        discharge_survey_due_days: 2,
        languages: ['en', 'es'],
        go_live_on: null,
        discharge_window_days: 0,
        version: 1,
      });
    });

    it('starts the facility with the standard Admission and Discharge questionnaires', async () => {
      const admin = await superAdmin();
      const response = await create(admin, { name: uniqueName('Questions') });
      const { id } = response.json<{ id: string }>();
      for (const surveyType of ['Admission', 'Discharge'] as const) {
        const questions = await call(t, admin, 'questions', {
          params: { surveyType, facilityId: id },
        });
        expect(questions.statusCode, questions.body).toBe(200);
        expect(questions.json<{ name: string }[]>().map((question) => question.name)).toEqual(
          (surveyType === 'Admission' ? ADMISSION : DISCHARGE).map((spec) => spec.name),
        );
      }
    });

    it('gives the settings left out their defaults (UTC, 7 and 0 days, English)', async () => {
      const response = await create(await superAdmin(), { name: uniqueName('Plain') });
      expect(response.statusCode).toBe(201);
      expect(await stored(response.json<{ id: string }>().id)).toMatchObject({
        time_zone: 'UTC',
        admission_survey_due_days: 7,
        discharge_survey_due_days: 0,
        languages_json: '["en"]',
      });
    });

    it('refuses a facility-scoped administrator (403) and writes nothing', async () => {
      const who = await officeAdmin();
      const before = await dbState(t);
      const response = await create(who, { name: uniqueName('Escalation') });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.allAccessRequired });
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses a name another facility has, in any case (409), and writes nothing', async () => {
      const admin = await superAdmin();
      const before = await dbState(t);
      const response = await create(admin, { name: 'maple grove CARE home' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: text.nameTaken });
      expect(await dbState(t)).toEqual(before);
    });

    it.each([
      ['an empty name', { name: '   ' }, 'name', text.nameRequired],
      ['a name too long', { name: 'x'.repeat(201) }, 'name', text.nameTooLong],
      ['a name with NUL', { name: 'A\u0000B' }, 'name', undefined],
      ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', text.timeZoneInvalid],
      [
        'a time zone in the wrong case',
        { time_zone: 'america/chicago' },
        'time_zone',
        text.timeZoneInvalid,
      ],
      [
        'due days above 365',
        { admission_survey_due_days: 366 },
        'admission_survey_due_days',
        text.dueDaysInvalid,
      ],
      [
        'negative due days',
        { discharge_survey_due_days: -1 },
        'discharge_survey_due_days',
        text.dueDaysInvalid,
      ],
      [
        'fractional due days',
        { admission_survey_due_days: 1.5 },
        'admission_survey_due_days',
        text.dueDaysInvalid,
      ],
      [
        'due days as text',
        { admission_survey_due_days: '3' },
        'admission_survey_due_days',
        text.dueDaysInvalid,
      ],
      ['no language', { languages: [] }, 'languages', text.languagesRequired],
      ['no English', { languages: ['es'] }, 'languages', text.englishRequired],
      ['an unknown language', { languages: ['en', 'xx'] }, 'languages.1', text.languageUnknown],
      ['a language twice', { languages: ['en', 'en'] }, 'languages', text.languageUnknown],
    ])(
      'refuses %s (400 with the field) and writes nothing',
      async (_what, change, field, message) => {
        const admin = await superAdmin();
        const before = await dbState(t);
        const response = await create(admin, { name: uniqueName('Invalid'), ...change });
        expect(response.statusCode).toBe(400);
        const body = response.json<{ detail: string; errors: Record<string, string> }>();
        expect(body.detail).toBe(MESSAGES.badRequest);
        expect(Object.keys(body.errors)).toContain(field);
        if (message) expect(body.errors[field]).toBe(message);
        expect(await dbState(t)).toEqual(before);
      },
    );

    it('accepts UTC and every IANA zone name of the runtime', async () => {
      const admin = await superAdmin();
      for (const time_zone of ['UTC', 'Europe/Berlin', 'Asia/Kolkata']) {
        const response = await create(admin, { name: uniqueName('Zone'), time_zone });
        expect(response.statusCode, response.body).toBe(201);
      }
    });
  });

  describe('update', () => {
    it('changes name and settings, moves the version on and audits what changed', async () => {
      const { id, admin } = await ownFacility('Hillcrest');
      const name = uniqueName('Hillcrest Renamed');
      const response = await update(admin, id, {
        name,
        time_zone: 'America/New_York',
        admission_survey_due_days: 10,
        languages: ['en', 'es'],
        version: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(AdminFacilitySchema.parse(response.json())).toEqual({
        id,
        name,
        archived: false,
        time_zone: 'America/New_York',
        admission_survey_due_days: 10,
        discharge_survey_due_days: 0,
        languages: ['en', 'es'],
        go_live_on: null,
        discharge_window_days: 0,
        version: 2,
      });
      const [event] = await auditOf(id, 'facility.updated');
      expect(event?.actor_user_id).toBe(admin.body.sf_user_id);
      expect(event?.facility_id).toBe(id);
      expect(JSON.parse(event?.detail_json ?? '{}')).toEqual({
        changed: 'name,time_zone,admission_survey_due_days,languages',
        name,
        time_zone: 'America/New_York',
        admission_survey_due_days: 10,
        previous_name: expect.stringContaining('Hillcrest'),
        languages: 'en,es',
      });
    });

    it('sets and clears the go-live date and the discharge window (ADR 049), audited', async () => {
      const { id, admin } = await ownFacility('GoLive');
      const set = await update(admin, id, {
        go_live_on: '2026-11-01',
        discharge_window_days: 3,
        version: 1,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(AdminFacilitySchema.parse(set.json())).toMatchObject({
        go_live_on: '2026-11-01',
        discharge_window_days: 3,
        version: 2,
      });
      expect(await stored(id)).toMatchObject({
        go_live_on: '2026-11-01',
        discharge_window_days: 3,
      });
      const [event] = await auditOf(id, 'facility.updated');
      expect(JSON.parse(event?.detail_json ?? '{}')).toEqual({
        changed: 'discharge_window_days,go_live_on',
        discharge_window_days: 3,
        go_live_on: '2026-11-01',
      });
      const cleared = await update(admin, id, { go_live_on: null, version: 2 });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json<AdminFacility>().go_live_on).toBeNull();
      expect((await list(admin)).find((facility) => facility.id === id)).toMatchObject({
        go_live_on: null,
        discharge_window_days: 3,
      });
    });

    it.each([
      ['a go-live date that does not exist', { go_live_on: '2026-02-30' }, 'go_live_on'],
      ['a go-live date in another form', { go_live_on: '03/14/2026' }, 'go_live_on'],
      ['a discharge window above 14 days', { discharge_window_days: 15 }, 'discharge_window_days'],
      ['a negative discharge window', { discharge_window_days: -1 }, 'discharge_window_days'],
    ])('refuses %s (400) and writes nothing', async (_label, change, field) => {
      const { id, admin } = await ownFacility('GoLiveBad');
      const before = await dbState(t);
      const response = await update(admin, id, { ...change, version: 1 });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string> }>().errors)).toContain(
        field,
      );
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses a stale version (409) and writes nothing', async () => {
      const { id, admin } = await ownFacility('Stale');
      expect(
        (await update(admin, id, { admission_survey_due_days: 5, version: 1 })).statusCode,
      ).toBe(200);
      const before = await dbState(t);
      const response = await update(admin, id, { admission_survey_due_days: 6, version: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: MESSAGES.versionConflict });
      expect(await dbState(t)).toEqual(before);
    });

    it('lets one of two concurrent edits of the same version win; the other is 409', async () => {
      const { id, admin } = await ownFacility('Race');
      const answers = await Promise.all([
        update(admin, id, { admission_survey_due_days: 11, version: 1 }),
        update(admin, id, { admission_survey_due_days: 12, version: 1 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json<AdminFacility>();
      expect((await stored(id)).admission_survey_due_days).toBe(winner?.admission_survey_due_days);
      expect(await auditOf(id, 'facility.updated')).toHaveLength(1);
    });

    it('refuses a facility the administrator lacks (403), archiving included, and writes nothing', async () => {
      const who = await officeAdmin();
      const before = await dbState(t);
      for (const body of [
        { archived: true, version: 1 },
        { name: 'Mine now', version: 1 },
      ]) {
        const response = await update(who, HARBOR, body);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      }
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses another facility’s name (409) and accepts its own in another case', async () => {
      const { id, admin } = await ownFacility('Case');
      const taken = await update(admin, id, { name: 'Harbor View Rehabilitation', version: 1 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ detail: text.nameTaken });
      const own = (await stored(id)).name;
      const recased = await update(admin, id, { name: own.toUpperCase(), version: 1 });
      expect(recased.statusCode, recased.body).toBe(200);
      expect(recased.json<AdminFacility>().name).toBe(own.toUpperCase());
    });

    it('changes nothing when the values are the stored ones: same version, no audit event', async () => {
      const { id, admin } = await ownFacility('Same');
      const current = await stored(id);
      const before = await dbState(t);
      const response = await update(admin, id, {
        name: current.name,
        archived: false,
        admission_survey_due_days: current.admission_survey_due_days,
        languages: ['en'],
        version: 1,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminFacility>().version).toBe(1);
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses invalid settings (400) and writes nothing', async () => {
      const { id, admin } = await ownFacility('Checked');
      const before = await dbState(t);
      for (const body of [
        { time_zone: 'Nowhere/Special', version: 1 },
        { discharge_survey_due_days: 400, version: 1 },
        { languages: ['es'], version: 1 },
        { name: '', version: 1 },
        { archived: 'yes', version: 1 },
        { name: 'No version' },
        { name: 'Huge version', version: 2 ** 40 },
      ]) {
        const response = await update(admin, id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await dbState(t)).toEqual(before);
    });
  });
});

describeEachDialect('administration: archiving a facility', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  const facilitiesOf = async (who: SignedIn) => {
    const response = await call(t, who, 'permissions', {
      params: { sfUserId: who.body.sf_user_id },
    });
    expect(response.statusCode).toBe(200);
    return FacilityPermissionResponseSchema.parse(response.json()).facilities.map((f) => f.id);
  };
  const archive = (who: SignedIn, archived: boolean, version: number) =>
    call(t, who, 'adminUpdateFacility', {
      params: { facilityId: HARBOR },
      body: { archived, version },
    });
  const countIn = async (table: 'residents' | 'surveys' | 'employees') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('facility_id', '=', HARBOR)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('leaves the permissions call at once (cached answers too), keeps its data, and comes back when unarchived', async () => {
    const manager = await t.login('manager@carevoice.test');
    const admin = await t.login('admin@carevoice.test');
    // Read first, so a cached answer exists that archiving must not leave behind.
    expect(await facilitiesOf(manager)).toContain(HARBOR);
    expect(await facilitiesOf(admin)).toContain(HARBOR);
    const kept = {
      residents: await countIn('residents'),
      surveys: await countIn('surveys'),
      employees: await countIn('employees'),
    };

    const archived = await archive(admin, true, 1);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<AdminFacility>()).toMatchObject({ archived: true, version: 2 });
    expect(await facilitiesOf(manager)).toEqual([MAPLE, RIVERSIDE]);
    expect(await facilitiesOf(admin)).not.toContain(HARBOR);
    // The back office still lists it, flagged, and its data stays.
    const listed = await call(t, admin, 'adminListFacilities');
    expect(listed.json<AdminFacility[]>().find((facility) => facility.id === HARBOR)).toMatchObject(
      { archived: true },
    );
    expect(kept.residents).toBeGreaterThan(0);
    expect({
      residents: await countIn('residents'),
      surveys: await countIn('surveys'),
      employees: await countIn('employees'),
    }).toEqual(kept);
    const [event] = await t.db
      .selectFrom('audit_events')
      .select('detail_json')
      .where('action', '=', 'facility.updated')
      .where('target_id', '=', HARBOR)
      .execute();
    expect(JSON.parse(event?.detail_json ?? '{}')).toEqual({ changed: 'archived', archived: true });

    // Access is unchanged: a tablet that had it open can still read (and send) its surveys.
    const dueList = await call(t, manager, 'surveyList', {
      params: { facilityId: HARBOR, surveyType: 'Admission' },
    });
    expect(dueList.statusCode).toBe(200);

    const unarchived = await archive(admin, false, 2);
    expect(unarchived.statusCode).toBe(200);
    expect(await facilitiesOf(manager)).toEqual([HARBOR, MAPLE, RIVERSIDE]);
  });
});
