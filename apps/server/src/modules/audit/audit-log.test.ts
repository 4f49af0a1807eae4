import {
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  AuditEventPageSchema,
  MESSAGES,
  type AuditEventItem,
  type AuditEventQuery,
} from '@carevoice/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { demoId } from '../../db/seed/demo.js';
import { encodeCursor } from '../../lib/cursor.js';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, TEST_START, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE, signInNewUser } from '../../test/survey-kit.js';
import { createUser } from '../users/users.service.js';
import { recordAudit, type AuditEvent } from './audit.service.js';

const text = ADMIN_TEXT.audit;
const ADMIN_ID = demoId('user', 'admin@carevoice.test');
const STAFF_ID = demoId('user', 'staff@carevoice.test');

describeEachDialect('administration: audit log', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const superAdmin = () => t.login('admin@carevoice.test');
  /** A facility-scoped administrator of Maple Grove and Riverside (like office@). */
  const officeAdmin = () =>
    signInNewUser(t, { permissions: ['Administration'], facilityIds: [MAPLE, RIVERSIDE] });

  let facilityCount = 0;
  /** A facility of its own, so a test's events are the only ones there. */
  const newFacility = async (timeZone = 'UTC') => {
    facilityCount += 1;
    const id = `audit-facility-${facilityCount}`;
    await t.db
      .insertInto('facilities')
      .values({ id, name: `Audit Facility ${facilityCount}`, time_zone: timeZone })
      .execute();
    return id;
  };
  const record = (at: string, event: AuditEvent, actor: string | null = ADMIN_ID) =>
    recordAudit(t.db, { at: new Date(at), ip: '10.0.0.7', userAgent: null, userId: actor }, event);

  const page = (who: SignedIn, query: AuditEventQuery = {}) =>
    call(t, who, 'adminListAuditEvents', { query });
  const pageOk = async (who: SignedIn, query: AuditEventQuery = {}) => {
    const response = await page(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return AuditEventPageSchema.parse(response.json());
  };
  /** Every page of the list, followed through its cursors. */
  const everything = async (who: SignedIn, query: AuditEventQuery = {}) => {
    const items: AuditEventItem[] = [];
    let cursor: string | undefined;
    do {
      const next = await pageOk(who, { ...query, ...(cursor ? { cursor } : {}) });
      items.push(...next.items);
      cursor = next.next_cursor ?? undefined;
    } while (cursor);
    return items;
  };

  it('pages newest first (time, then id), a page at a time, without gaps or repeats', async () => {
    const facilityId = await newFacility();
    const count = 2 * ADMIN_PAGE_SIZE + 7;
    for (let n = 0; n < count; n += 1) {
      // Every third event shares its time with the next one: the id decides their order.
      const minutes = n - (n % 3 === 0 ? 0 : 1);
      const at = new Date(TEST_START.getTime() - minutes * 60_000).toISOString();
      await record(at, {
        action: 'survey.delayed',
        targetType: 'survey',
        targetId: `s-${n}`,
        facilityId,
      });
    }
    const admin = await superAdmin();
    const first = await pageOk(admin, { facility_id: facilityId });
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    const all = await everything(admin, { facility_id: facilityId });
    expect(all).toHaveLength(count);
    expect(new Set(all.map((item) => item.id)).size).toBe(count);
    const expected = [...all].sort((a, b) =>
      a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at),
    );
    expect(all.map((item) => item.id)).toEqual(expected.map((item) => item.id));
    expect(all[0]).toEqual({
      id: expect.any(String),
      at: TEST_START.toISOString(),
      actor_id: ADMIN_ID,
      actor_name: 'Ada Admin',
      action: 'survey.delayed',
      entity: 'survey',
      entity_id: expect.stringMatching(/^s-/),
      facility_id: facilityId,
      ip: '10.0.0.7',
      detail: null,
    });
  });

  it('filters by action and actor, and by days (inclusive) in the facility’s time zone', async () => {
    const facilityId = await newFacility('America/Chicago');
    const event = (targetId: string, action: AuditEvent['action'] = 'facility.updated') => ({
      action,
      targetType: 'facility',
      targetId,
      facilityId,
      detail: { changed: 'name' },
    });
    // Chicago is UTC-6 in November: its 20th runs from 06:00Z on the 20th to 06:00Z on the 21st.
    await record('2026-11-20T05:59:59.000Z', event('before'));
    await record('2026-11-20T06:00:00.000Z', event('first'));
    await record('2026-11-21T05:59:59.999Z', event('last'));
    await record('2026-11-21T06:00:00.000Z', event('after'));
    await record('2026-11-20T12:00:00.000Z', event('other action', 'facility.created'));
    await record('2026-11-20T12:00:00.000Z', event('other actor'), STAFF_ID);
    const admin = await superAdmin();
    const ids = async (query: AuditEventQuery) =>
      (await everything(admin, { facility_id: facilityId, ...query })).map((i) => i.entity_id);

    expect(
      await ids({
        from: '2026-11-20',
        to: '2026-11-20',
        action: 'facility.updated',
        actor_id: ADMIN_ID,
      }),
    ).toEqual(['last', 'first']);
    expect(await ids({ action: 'facility.created' })).toEqual(['other action']);
    expect(await ids({ actor_id: STAFF_ID })).toEqual(['other actor']);
    expect(await ids({ from: '2026-11-21', actor_id: ADMIN_ID })).toEqual(['after']);
    expect(await ids({ to: '2026-11-19' })).toEqual(['before']);
    // Without a facility, days are UTC days.
    const utc = await everything(admin, {
      from: '2026-11-20',
      to: '2026-11-20',
      action: 'facility.updated',
      actor_id: ADMIN_ID,
    });
    expect(
      utc.filter((item) => item.facility_id === facilityId).map((item) => item.entity_id),
    ).toEqual(['first', 'before']);
    expect(
      (await pageOk(admin, { facility_id: facilityId, action: 'facility.updated' })).items[0]
        ?.detail,
    ).toEqual({ changed: 'name' });
  });

  it('shows the administrator’s own changes with their name', async () => {
    const admin = await superAdmin();
    const created = await call(t, admin, 'adminCreateFacility', { body: { name: 'Audited Home' } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const [item] = (await pageOk(admin, { facility_id: id })).items;
    expect(item).toMatchObject({
      action: 'facility.created',
      actor_id: ADMIN_ID,
      actor_name: 'Ada Admin',
      entity: 'facility',
      entity_id: id,
      facility_id: id,
    });
  });

  describe('a facility-scoped administrator', () => {
    it('sees the events of their facilities and of their people, nothing else', async () => {
      const harborOnly = await createUser(
        t.db,
        {
          email: 'harbor-only@carevoice.test',
          name: 'Harbor Only',
          password: 'a-long-harbor-password',
          admin: false,
          permissions: ['Patients_Surveys'],
          facilityIds: [HARBOR],
        },
        t.clock.now(),
      );
      const at = '2026-11-21T10:00:00.000Z';
      const mark = (label: string) => `scope-${label}`;
      const survey = (label: string, facilityId: string) => ({
        action: 'survey.created' as const,
        targetType: 'survey',
        targetId: mark(label),
        facilityId,
      });
      await record(at, survey('maple', MAPLE));
      await record(at, survey('riverside', RIVERSIDE));
      await record(at, survey('harbor', HARBOR));
      const signIn = (label: string) => ({
        action: 'auth.login' as const,
        targetType: 'session',
        targetId: mark(label),
      });
      await record(at, signIn('staff sign-in'), STAFF_ID);
      await record(at, signIn('harbor sign-in'), harborOnly.id);
      await record(at, signIn('admin sign-in'), ADMIN_ID);
      await record(
        at,
        {
          action: 'auth.login_failed',
          detail: { reason: 'unknown_account' },
          targetId: mark('unknown'),
        },
        null,
      );
      const aboutUser = (label: string, userId: string) => ({
        action: 'user.updated' as const,
        targetType: 'user',
        targetId: userId,
        detail: { label: mark(label) },
      });
      // A change of a user: the user it is about decides, not who made it.
      await record(at, aboutUser('staff changed by admin', STAFF_ID), ADMIN_ID);
      await record(at, aboutUser('harbor changed by staff', harborOnly.id), STAFF_ID);

      const labels = (items: AuditEventItem[]) =>
        items
          .map((item) => (item.entity === 'user' ? String(item.detail?.label) : item.entity_id))
          .filter((label) => label?.startsWith('scope-'))
          .sort();
      const office = await officeAdmin();
      expect(labels(await everything(office, { from: '2026-11-21', to: '2026-11-21' }))).toEqual(
        [
          mark('maple'),
          mark('riverside'),
          mark('staff changed by admin'),
          mark('staff sign-in'),
        ].sort(),
      );
      expect(
        labels(await everything(await superAdmin(), { from: '2026-11-21', to: '2026-11-21' })),
      ).toHaveLength(9);
      expect(labels(await everything(office, { facility_id: MAPLE, from: '2026-11-21' }))).toEqual([
        mark('maple'),
      ]);
    });

    it('is refused another facility’s events (403) and their export, writing nothing', async () => {
      const office = await officeAdmin();
      const before = await dbState(t);
      for (const name of ['adminListAuditEvents', 'adminExportAuditEvents'] as const) {
        const response = await call(t, office, name, { query: { facility_id: HARBOR } });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      }
      expect(await dbState(t)).toEqual(before);
    });
  });

  it.each([
    ['a cursor that is not one', { cursor: 'not-a-cursor' }, MESSAGES.invalidCursor],
    ['a cursor of numbers', { cursor: encodeCursor([1, 2]) }, MESSAGES.invalidCursor],
    ['a cursor of another list', { cursor: encodeCursor(['a']) }, MESSAGES.invalidCursor],
    ['a reversed date range', { from: '2026-11-21', to: '2026-11-20' }, text.dateRangeReversed],
    ['an unknown action', { action: 'user.deleted' }, MESSAGES.badRequest],
    ['a date that does not exist', { from: '2026-02-30' }, MESSAGES.badRequest],
  ])('refuses %s (400) and writes nothing', async (_what, query, detail) => {
    const admin = await superAdmin();
    const before = await dbState(t);
    const response = await call(t, admin, 'adminListAuditEvents', {
      query: query as Record<string, string>,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(detail);
    expect(await dbState(t)).toEqual(before);
  });

  describe('export', () => {
    it('downloads the filtered events as CSV with formulas neutralised, and is audited', async () => {
      const facilityId = await newFacility();
      const formula = await createUser(
        t.db,
        {
          email: 'formula@carevoice.test',
          name: '=HYPERLINK("http://evil.example","x")',
          password: 'a-long-formula-password',
          admin: false,
          permissions: [],
          facilityIds: [facilityId],
        },
        t.clock.now(),
      );
      await record(
        '2026-11-21T09:00:00.000Z',
        {
          action: 'resident.updated',
          targetType: '-cmd',
          targetId: '@SUM(1)',
          facilityId,
          detail: { name: '+1' },
        },
        formula.id,
      );
      await record('2026-11-21T10:00:00.000Z', {
        action: 'facility.updated',
        targetType: 'facility',
        targetId: facilityId,
        facilityId,
      });
      const admin = await superAdmin();
      const response = await call(t, admin, 'adminExportAuditEvents', {
        query: { facility_id: facilityId },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="audit-log-2026-11-22.csv"',
      );
      const { data } = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      });
      expect(data.map((row) => row.action)).toEqual(['facility.updated', 'resident.updated']);
      expect(data[1]).toEqual({
        at: '2026-11-21T09:00:00.000Z',
        actor_id: formula.id,
        actor_name: '\'=HYPERLINK("http://evil.example","x")',
        action: 'resident.updated',
        entity: "'-cmd",
        entity_id: "'@SUM(1)",
        facility_id: facilityId,
        facility_name: expect.stringMatching(/^Audit Facility/),
        ip: '10.0.0.7',
        detail: '{"name":"+1"}',
      });
      const [audit] = (await pageOk(admin, { facility_id: facilityId, action: 'audit.exported' }))
        .items;
      expect(audit).toMatchObject({ actor_id: ADMIN_ID, facility_id: facilityId });
      expect(audit?.detail).toMatchObject({ rows: 2, facility_id: facilityId });
    });

    it('holds only what the administrator may see', async () => {
      const office = await officeAdmin();
      await record('2026-11-21T11:00:00.000Z', {
        action: 'survey.created',
        targetId: 'export-maple',
        facilityId: MAPLE,
      });
      await record('2026-11-21T11:00:00.000Z', {
        action: 'survey.created',
        targetId: 'export-harbor',
        facilityId: HARBOR,
      });
      const response = await call(t, office, 'adminExportAuditEvents', {
        query: { action: 'survey.created' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('export-maple');
      expect(response.body).not.toContain('export-harbor');
    });

    it('writes no audit event for a HEAD request, which downloads nothing', async () => {
      const admin = await superAdmin();
      const before = await dbState(t);
      const response = await t.app.inject({
        method: 'HEAD',
        url: '/api/v1/admin/audit-events/export/',
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(await dbState(t)).toEqual(before);
    });
  });
});
