import {
  ADMIN_TEXT,
  AdminSurveySetListResponseSchema,
  AdminSurveySetSchema,
  MESSAGES,
  type AdminSurveySet,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  AS_NEEDED_SET,
  call,
  CULINARY_SET,
  HARBOR,
  MAPLE,
  RIVERSIDE,
  signInNewUser,
  THERAPY_SET,
} from '../../test/survey-kit.js';

const text = ADMIN_TEXT.surveySets;

describeEachDialect('administration: survey sets', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const superAdmin = () => t.login('admin@carevoice.test');
  /** A facility-scoped administrator of Maple Grove and Riverside (like office@). */
  const officeAdmin = () =>
    signInNewUser(t, { permissions: ['Administration'], facilityIds: [MAPLE, RIVERSIDE] });

  const list = async (who: SignedIn) => {
    const response = await call(t, who, 'adminListSurveySets');
    expect(response.statusCode, response.body).toBe(200);
    return AdminSurveySetListResponseSchema.parse(response.json());
  };
  const create = (who: SignedIn, body: unknown) => call(t, who, 'adminCreateSurveySet', { body });
  const createOk = async (who: SignedIn, body: { name: string; facility_ids: string[] }) => {
    const response = await create(who, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const update = (who: SignedIn, surveySetId: string, body: unknown) =>
    call(t, who, 'adminUpdateSurveySet', { params: { surveySetId }, body });
  const assignments = async (surveySetId: string) =>
    (
      await t.db
        .selectFrom('facility_survey_sets')
        .select('facility_id')
        .where('survey_set_id', '=', surveySetId)
        .orderBy('facility_id')
        .execute()
    ).map((row) => row.facility_id);
  const version = async (surveySetId: string) =>
    (
      await t.db
        .selectFrom('survey_sets')
        .select('version')
        .where('id', '=', surveySetId)
        .executeTakeFirstOrThrow()
    ).version;
  const auditOf = (surveySetId: string, action: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', surveySetId)
      .where('action', '=', action)
      .orderBy('facility_id')
      .execute();
  /** What the staff's Additional Surveys list offers at the facility. */
  const offeredAt = async (facilityId: string) => {
    const staff = await t.login('manager@carevoice.test');
    const response = await call(t, staff, 'surveySets', { params: { facilityId } });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string; name: string }[]>();
  };
  const sorted = (ids: string[]) => [...ids].sort();

  describe('list', () => {
    it('gives an all-access administrator every set with every facility offering it', async () => {
      await t.db
        .insertInto('survey_sets')
        .values({ id: 'orphan-set', name: 'Offered Nowhere' })
        .execute();
      const sets = await list(await superAdmin());
      const byId = new Map(sets.map((set) => [set.id, set]));
      expect(byId.get(AS_NEEDED_SET)).toEqual({
        id: AS_NEEDED_SET,
        name: 'As Needed',
        facility_ids: sorted([MAPLE, RIVERSIDE, HARBOR]),
        version: 1,
      });
      expect(byId.get(THERAPY_SET)?.facility_ids).toEqual([HARBOR]);
      expect(byId.get('orphan-set')?.facility_ids).toEqual([]);
      expect(sets.map((set) => set.name)).toEqual([...sets.map((set) => set.name)].sort());
    });

    it('gives a facility-scoped administrator the sets their facilities offer, with every facility as stored', async () => {
      const sets = await list(await officeAdmin());
      expect(sets.map((set) => set.id)).toEqual([AS_NEEDED_SET, CULINARY_SET]);
      expect(sets[0]?.facility_ids).toEqual(sorted([MAPLE, RIVERSIDE, HARBOR]));
    });
  });

  describe('create', () => {
    it('creates a set for the administrator’s facility, audited per facility, offered there at once', async () => {
      const who = await officeAdmin();
      // Read first, so a cached answer exists that the new set must not be missing from.
      expect((await offeredAt(MAPLE)).map((set) => set.name)).not.toContain('Pain Check');
      const id = await createOk(who, { name: '  Pain Check ', facility_ids: [MAPLE, RIVERSIDE] });
      expect(await assignments(id)).toEqual(sorted([MAPLE, RIVERSIDE]));
      expect((await offeredAt(MAPLE)).map((set) => set.name)).toContain('Pain Check');
      expect((await offeredAt(HARBOR)).map((set) => set.name)).not.toContain('Pain Check');
      const events = await auditOf(id, 'survey_set.created');
      expect(events.map((event) => event.facility_id)).toEqual(sorted([MAPLE, RIVERSIDE]));
      expect(events[0]?.actor_user_id).toBe(who.body.sf_user_id);
      expect(JSON.parse(events[0]?.detail_json ?? '{}')).toEqual({
        name: 'Pain Check',
        added: [MAPLE, RIVERSIDE].join(','),
      });
      expect((await list(who)).find((set) => set.id === id)).toEqual({
        id,
        name: 'Pain Check',
        facility_ids: sorted([MAPLE, RIVERSIDE]),
        version: 1,
      });
    });

    it('has no questions yet: the staff’s set questions answer an empty list ("No survey questions")', async () => {
      const id = await createOk(await officeAdmin(), { name: 'Empty Set', facility_ids: [MAPLE] });
      const staff = await t.login('staff@carevoice.test');
      const questions = await call(t, staff, 'setQuestions', { params: { surveySetId: id } });
      expect(questions.statusCode).toBe(200);
      expect(questions.json()).toEqual([]);
    });

    it.each([
      ['a facility they lack', [HARBOR]],
      ['one of their facilities and one they lack', [MAPLE, HARBOR]],
      ['an unknown facility', ['no-such-facility']],
    ])('refuses %s (403) and writes nothing', async (_what, facility_ids) => {
      const who = await officeAdmin();
      const before = await dbState(t);
      const response = await create(who, { name: 'Escalation', facility_ids });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      expect(await dbState(t)).toEqual(before);
    });

    it.each([
      ['no facility', { name: 'X', facility_ids: [] }, 'facility_ids', text.facilitiesRequired],
      [
        'a facility twice',
        { name: 'X', facility_ids: [MAPLE, MAPLE] },
        'facility_ids',
        text.facilitiesDuplicate,
      ],
      ['an empty name', { name: ' ', facility_ids: [MAPLE] }, 'name', text.nameRequired],
      [
        'a name too long',
        { name: 'x'.repeat(201), facility_ids: [MAPLE] },
        'name',
        text.nameTooLong,
      ],
    ])('refuses %s (400) and writes nothing', async (_what, body, field, message) => {
      const who = await officeAdmin();
      const before = await dbState(t);
      const response = await create(who, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
      expect(await dbState(t)).toEqual(before);
    });
  });

  describe('update', () => {
    it('renames a set only their facilities offer: new version, audited per facility', async () => {
      const who = await officeAdmin();
      const id = await createOk(who, { name: 'Old Name', facility_ids: [MAPLE, RIVERSIDE] });
      const response = await update(who, id, { name: 'New Name', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(AdminSurveySetSchema.parse(response.json())).toEqual({
        id,
        name: 'New Name',
        facility_ids: sorted([MAPLE, RIVERSIDE]),
        version: 2,
      });
      const events = await auditOf(id, 'survey_set.updated');
      expect(events.map((event) => event.facility_id)).toEqual(sorted([MAPLE, RIVERSIDE]));
      expect(JSON.parse(events[0]?.detail_json ?? '{}')).toEqual({
        name: 'New Name',
        previous_name: 'Old Name',
      });
    });

    it('refuses renaming a set another facility offers too (403) and writes nothing', async () => {
      const who = await officeAdmin();
      const before = await dbState(t);
      const response = await update(who, AS_NEEDED_SET, { name: 'Mine Now', version: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: text.renameForbidden });
      expect(await dbState(t)).toEqual(before);
    });

    it('takes the set from their facilities only; the others stay, listed or not; the staff list follows at once', async () => {
      const who = await officeAdmin();
      expect((await offeredAt(RIVERSIDE)).map((set) => set.id)).toContain(CULINARY_SET);
      const response = await update(who, CULINARY_SET, { facility_ids: [MAPLE], version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminSurveySet>().facility_ids).toEqual(sorted([MAPLE, HARBOR]));
      expect(await assignments(CULINARY_SET)).toEqual(sorted([MAPLE, HARBOR]));
      expect((await offeredAt(RIVERSIDE)).map((set) => set.id)).not.toContain(CULINARY_SET);
      expect((await offeredAt(HARBOR)).map((set) => set.id)).toContain(CULINARY_SET);
      // Listing the facility they lack, as the list answered it, changes nothing there either.
      const again = await update(who, CULINARY_SET, {
        facility_ids: [MAPLE, RIVERSIDE, HARBOR],
        version: 2,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(await assignments(CULINARY_SET)).toEqual(sorted([MAPLE, RIVERSIDE, HARBOR]));
      const events = await auditOf(CULINARY_SET, 'survey_set.updated');
      expect(events.map((event) => JSON.parse(event.detail_json ?? '{}'))).toContainEqual({
        name: 'Culinary Experience',
        removed: RIVERSIDE,
      });
    });

    it('refuses adding a facility they lack (403) and writes nothing', async () => {
      const who = await officeAdmin();
      const id = await createOk(who, { name: 'Local Only', facility_ids: [MAPLE] });
      const before = await dbState(t);
      const response = await update(who, id, { facility_ids: [MAPLE, HARBOR], version: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses a set none of their facilities offers (403) and an unknown set (404)', async () => {
      const who = await officeAdmin();
      const before = await dbState(t);
      const foreign = await update(who, THERAPY_SET, { facility_ids: [MAPLE], version: 1 });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ detail: MESSAGES.surveySetForbidden });
      const unknown = await update(who, 'no-such-set', { name: 'X', version: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: MESSAGES.surveySetNotFound });
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses a stale version (409) and writes nothing', async () => {
      const who = await officeAdmin();
      const id = await createOk(who, { name: 'Versioned', facility_ids: [MAPLE] });
      expect((await update(who, id, { name: 'Versioned 2', version: 1 })).statusCode).toBe(200);
      const before = await dbState(t);
      const response = await update(who, id, { name: 'Versioned 3', version: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: MESSAGES.versionConflict });
      expect(await dbState(t)).toEqual(before);
    });

    it('changes nothing when nothing differs: same version, no audit event', async () => {
      const who = await officeAdmin();
      const id = await createOk(who, { name: 'Steady', facility_ids: [MAPLE] });
      const before = await dbState(t);
      const response = await update(who, id, { name: 'Steady', facility_ids: [MAPLE], version: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminSurveySet>().version).toBe(1);
      expect(await dbState(t)).toEqual(before);
    });

    it('lets an all-access administrator offer a set anywhere and rename one offered nowhere', async () => {
      const admin = await superAdmin();
      expect((await offeredAt(MAPLE)).map((set) => set.id)).not.toContain(THERAPY_SET);
      const therapy = await update(admin, THERAPY_SET, {
        facility_ids: [HARBOR, MAPLE],
        version: await version(THERAPY_SET),
      });
      expect(therapy.statusCode, therapy.body).toBe(200);
      expect((await offeredAt(MAPLE)).map((set) => set.id)).toContain(THERAPY_SET);
      await t.db.insertInto('survey_sets').values({ id: 'nowhere-set', name: 'Nowhere' }).execute();
      const renamed = await update(admin, 'nowhere-set', { name: 'Somewhere', version: 1 });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const [event, ...more] = await auditOf('nowhere-set', 'survey_set.updated');
      expect(more).toEqual([]);
      expect(event?.facility_id).toBeNull();
    });
  });
});
