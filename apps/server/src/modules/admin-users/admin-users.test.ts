import crypto from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  AdminUserSchema,
  AdminUsersResponseSchema,
  MESSAGES,
  type AdminUser,
  type PermissionType,
} from '@carevoice/shared';
import { beforeAll, expect, it } from 'vitest';
import { toTimestamp } from '../../db/values.js';
import { dbState } from '../../test/endpoint-requests.js';
import {
  describeEachDialect,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE } from '../../test/survey-kit.js';
import { createUser } from '../users/users.service.js';

const text = ADMIN_TEXT.users;
const PASSWORD = 'a-long-test-password';

let made = 0;

/** A user with these grants (and a password), made through the create-user service. */
async function newUser(
  t: TestApp,
  grants: {
    name?: string;
    permissions?: PermissionType[];
    facilityIds?: string[];
    admin?: boolean;
  } = {},
): Promise<{ id: string; email: string }> {
  made += 1;
  const email = `user-${made}-${crypto.randomUUID().slice(0, 8)}@carevoice.test`;
  const { id } = await createUser(
    t.db,
    {
      email,
      name: grants.name ?? `Test User ${made}`,
      password: PASSWORD,
      admin: grants.admin ?? false,
      permissions: grants.permissions ?? [],
      facilityIds: grants.facilityIds ?? [],
    },
    t.clock.now(),
  );
  return { id, email };
}

async function signIn(t: TestApp, user: { email: string }): Promise<SignedIn> {
  return t.login(user.email, PASSWORD);
}

async function userRow(t: TestApp, id: string) {
  return t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function grantsOf(t: TestApp, id: string) {
  const [permissions, facilities] = await Promise.all([
    t.db.selectFrom('user_permissions').select('permission').where('user_id', '=', id).execute(),
    t.db.selectFrom('user_facilities').select('facility_id').where('user_id', '=', id).execute(),
  ]);
  return {
    permissions: permissions.map((row) => row.permission).sort(),
    facilityIds: facilities.map((row) => row.facility_id).sort(),
  };
}

async function listPage(
  t: TestApp,
  who: SignedIn,
  query: Record<string, string | undefined> = {},
): Promise<{ items: AdminUser[]; next_cursor: string | null }> {
  const response = await call(t, who, 'adminUsers', { query });
  expect(response.statusCode, response.body).toBe(200);
  return AdminUsersResponseSchema.parse(response.json());
}

/** Every page of the list, following next_cursor. */
async function listAll(
  t: TestApp,
  who: SignedIn,
  query: Record<string, string | undefined> = {},
): Promise<AdminUser[]> {
  const items: AdminUser[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const answer = await listPage(t, who, { ...query, cursor });
    items.push(...answer.items);
    if (answer.next_cursor === null) return items;
    cursor = answer.next_cursor;
  }
  throw new Error('the list never ended');
}

const names = (items: readonly AdminUser[]) => items.map((item) => item.name);

/** Expects the request refused with 403 and this message, and nothing at all written. */
async function expectRefused(
  t: TestApp,
  send: () => ReturnType<typeof call>,
  status: number,
  detail: string,
): Promise<void> {
  const before = await dbState(t);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ detail });
  expect(await dbState(t)).toEqual(before);
}

describeEachDialect('the user list', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  it('lists every user for a holder of every facility, by name, with grants and no secrets', async () => {
    const items = await listAll(t, admin);
    const rows = await t.db.selectFrom('users').select('name').execute();
    expect(items).toHaveLength(rows.length);
    const sorted = [...names(items)].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    );
    expect(names(items)).toEqual(sorted);
    const manager = items.find((item) => item.email === 'manager@carevoice.test');
    expect(manager).toEqual({
      id: expect.any(String),
      email: 'manager@carevoice.test',
      name: 'Morgan Manager',
      active: true,
      permissions: [
        'Managed_Care',
        'Patients_Surveys',
        'Incentive_Acknowledgement',
        'Social_Work',
        'Survey_Results',
      ],
      facility_ids: [MAPLE, RIVERSIDE, HARBOR].sort(),
      all_facility_access: false,
      all_permission_access: false,
      mfa_enabled: false,
      invitation_pending: false,
      version: 1,
    });
    for (const item of items) {
      expect(AdminUserSchema.parse(item)).toEqual(item);
      expect(Object.keys(item)).not.toContain('password_hash');
    }
  });

  it('shows a facility-scoped administrator only users who share a facility with them, with all their facilities', async () => {
    const office = await newUser(t, { permissions: ['Administration'], facilityIds: [HARBOR] });
    const harborOnly = await newUser(t, { name: 'Harbor Only', facilityIds: [HARBOR] });
    const mapleOnly = await newUser(t, { name: 'Maple Only', facilityIds: [MAPLE] });
    const both = await newUser(t, { name: 'Harbor And Maple', facilityIds: [HARBOR, MAPLE] });
    const items = await listAll(t, await signIn(t, office));
    const ids = items.map((item) => item.id);
    expect(ids).toContain(harborOnly.id);
    expect(ids).toContain(both.id);
    expect(ids).not.toContain(mapleOnly.id);
    // preview@ holds Maple Grove only; staff@ Maple Grove and Riverside.
    expect(items.map((item) => item.email)).not.toContain('preview@carevoice.test');
    expect(items.map((item) => item.email)).not.toContain('staff@carevoice.test');
    // Users with every facility share this one too.
    expect(items.map((item) => item.email)).toContain('admin@carevoice.test');
    expect(items.find((item) => item.id === both.id)?.facility_ids).toEqual([HARBOR, MAPLE].sort());
  });

  it('searches name and email without regard to case, taking % and _ literally', async () => {
    const percent = await newUser(t, { name: 'Quincy 100% Sure', facilityIds: [MAPLE] });
    const underscore = await newUser(t, { name: 'Quincy Under_Score', facilityIds: [MAPLE] });
    await newUser(t, { name: 'Quincy Plain', facilityIds: [MAPLE] });
    expect(names(await listAll(t, admin, { q: 'QUINCY' }))).toEqual([
      'Quincy 100% Sure',
      'Quincy Plain',
      'Quincy Under_Score',
    ]);
    expect((await listAll(t, admin, { q: '%' })).map((item) => item.id)).toEqual([percent.id]);
    expect((await listAll(t, admin, { q: '_' })).map((item) => item.id)).toEqual([underscore.id]);
    const byEmail = await listAll(t, admin, { q: 'MANAGER@CAREVOICE' });
    expect(byEmail.map((item) => item.email)).toEqual(['manager@carevoice.test']);
    expect(await listAll(t, admin, { q: 'no such person anywhere' })).toEqual([]);
  });

  it('filters by facility, permission and status', async () => {
    const key = crypto.randomUUID().slice(0, 6);
    const active = await newUser(t, {
      name: `Filter ${key} Active`,
      permissions: ['Social_Work'],
      facilityIds: [RIVERSIDE],
    });
    const inactive = await newUser(t, {
      name: `Filter ${key} Inactive`,
      permissions: ['Social_Work'],
      facilityIds: [RIVERSIDE],
    });
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', inactive.id).execute();
    const q = `filter ${key}`;
    expect(names(await listAll(t, admin, { q, facility_id: RIVERSIDE }))).toEqual([
      `Filter ${key} Active`,
      `Filter ${key} Inactive`,
    ]);
    expect(await listAll(t, admin, { q, facility_id: HARBOR })).toEqual([]);
    expect(names(await listAll(t, admin, { q, active: 'true' }))).toEqual([`Filter ${key} Active`]);
    expect(names(await listAll(t, admin, { q, active: 'false' }))).toEqual([
      `Filter ${key} Inactive`,
    ]);
    expect((await listAll(t, admin, { q, permission: 'Social_Work' })).map((i) => i.id)).toEqual([
      active.id,
      inactive.id,
    ]);
    expect(await listAll(t, admin, { q, permission: 'Managed_Care' })).toEqual([]);

    // A permission held through all_permission_access counts (admin@), as does a granted one
    // (manager@, office@), except Lorem_ipsum_text.
    const viaFlag = await listAll(t, admin, { permission: 'Survey_Results' });
    expect(viaFlag.map((item) => item.email)).toEqual([
      'admin@carevoice.test',
      'manager@carevoice.test',
      'office@carevoice.test',
    ]);
    const lorem = await listAll(t, admin, { permission: 'Lorem_ipsum_text' });
    expect(lorem.map((item) => item.email)).toEqual(['preview@carevoice.test']);
    // Every user of a facility includes those with every facility.
    const harbor = await listAll(t, admin, { facility_id: HARBOR });
    expect(harbor.map((item) => item.email)).toContain('admin@carevoice.test');
  });

  it('refuses a facility filter outside the administrator’s facilities (403) and bad cursors (400)', async () => {
    const office = await signIn(
      t,
      await newUser(t, { permissions: ['Administration'], facilityIds: [MAPLE] }),
    );
    const refused = await call(t, office, 'adminUsers', { query: { facility_id: HARBOR } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.facilityForbidden });
    for (const cursor of ['garbage', Buffer.from('[1]').toString('base64url'), 'W10']) {
      const response = await call(t, admin, 'adminUsers', { query: { cursor } });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toEqual({ detail: MESSAGES.invalidCursor });
    }
    const numbers = Buffer.from('[1,2]').toString('base64url');
    expect((await call(t, admin, 'adminUsers', { query: { cursor: numbers } })).statusCode).toBe(
      400,
    );
  });

  it('pages through a long list without gaps or repeats, ADMIN_PAGE_SIZE at a time', async () => {
    const at = toTimestamp(t.clock.now());
    const count = ADMIN_PAGE_SIZE * 2 + 7;
    const rows = Array.from({ length: count }, (_, index) => ({
      id: crypto.randomUUID(),
      email: `pager-${index}@carevoice.test`,
      // Same names in pairs: the id decides between them.
      name: `Pager ${String(Math.floor(index / 2)).padStart(3, '0')}`,
      password_hash: 'x',
      all_facility_access: 0,
      all_permission_access: 0,
      active: 1,
      created_at: at,
      updated_at: at,
    }));
    await t.db.insertInto('users').values(rows).execute();
    const first = await listPage(t, admin, { q: 'pager' });
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    const all = await listAll(t, admin, { q: 'pager' });
    expect(all).toHaveLength(count);
    expect(new Set(all.map((item) => item.id)).size).toBe(count);
    const expected = [...rows]
      .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
      .map((row) => row.id);
    expect(all.map((item) => item.id)).toEqual(expected);
  });
});

describeEachDialect('editing a user', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  const patch = (who: SignedIn, userId: string, body: Record<string, unknown>) =>
    call(t, who, 'adminUpdateUser', { params: { userId }, body });

  it('changes name, permissions and facilities, answers the new item and audits what changed', async () => {
    const target = await newUser(t, { permissions: ['Social_Work'], facilityIds: [MAPLE] });
    const response = await patch(admin, target.id, {
      name: '  Renamed Person  ',
      permissions: ['Patients_Surveys', 'Patients_Surveys'],
      facility_ids: [MAPLE, RIVERSIDE],
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = AdminUserSchema.parse(response.json());
    expect(item).toMatchObject({
      id: target.id,
      name: 'Renamed Person',
      permissions: ['Patients_Surveys'],
      facility_ids: [MAPLE, RIVERSIDE].sort(),
      version: 2,
    });
    expect(await grantsOf(t, target.id)).toEqual({
      permissions: ['Patients_Surveys'],
      facilityIds: [MAPLE, RIVERSIDE].sort(),
    });
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.updated')
      .where('target_id', '=', target.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.detail_json ?? '{}')).toMatchObject({
      changed: 'name,permissions,facilities',
      permissions_added: 'Patients_Surveys',
      permissions_removed: 'Social_Work',
      facilities_added: RIVERSIDE,
      facilities_removed: '',
    });
    expect(audit[0]?.actor_user_id).toBe(admin.body.sf_user_id);
  });

  it('a concurrent edit on the same version is 409 with the conflict message and changes nothing', async () => {
    const target = await newUser(t, { facilityIds: [MAPLE] });
    const first = await patch(admin, target.id, { name: 'First Writer', version: 1 });
    expect(first.statusCode).toBe(200);
    await expectRefused(
      t,
      () => patch(admin, target.id, { name: 'Second Writer', version: 1 }),
      409,
      MESSAGES.versionConflict,
    );
    expect((await userRow(t, target.id)).name).toBe('First Writer');
    // A request that changes nothing still needs the current version.
    await expectRefused(
      t,
      () => patch(admin, target.id, { name: 'First Writer', version: 1 }),
      409,
      MESSAGES.versionConflict,
    );
    expect((await patch(admin, target.id, { name: 'First Writer', version: 2 })).statusCode).toBe(
      200,
    );
  });

  it('two edits sent at the same moment: exactly one wins, the other is 409', async () => {
    const target = await newUser(t, { facilityIds: [MAPLE] });
    const [a, b] = await Promise.all([
      patch(admin, target.id, { name: 'Writer A', version: 1 }),
      patch(admin, target.id, { name: 'Writer B', version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Writer A' : 'Writer B';
    expect(await userRow(t, target.id)).toMatchObject({ name: winner, version: 2 });
  });

  it('an unknown user is 404; a user without any facility needs at least one', async () => {
    const missing = await patch(admin, 'no-such-user', { name: 'X', version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: text.userNotFound });
    const target = await newUser(t, { facilityIds: [MAPLE] });
    await expectRefused(
      t,
      () => patch(admin, target.id, { facility_ids: [], version: 1 }),
      400,
      text.facilityRequired,
    );
  });
});

describeEachDialect('privilege escalation is refused and writes nothing', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  /** Administration and Patients_Surveys in Maple Grove and Riverside. */
  let office: SignedIn;
  let officeId: string;
  let admin: SignedIn;

  beforeAll(async () => {
    const user = await newUser(t, {
      name: 'Office Admin',
      permissions: ['Administration', 'Patients_Surveys'],
      facilityIds: [MAPLE, RIVERSIDE],
    });
    officeId = user.id;
    office = await signIn(t, user);
    admin = await t.login('admin@carevoice.test');
  });

  const patch = (who: SignedIn, userId: string, body: Record<string, unknown>) =>
    call(t, who, 'adminUpdateUser', { params: { userId }, body: { version: 1, ...body } });
  const invite = (who: SignedIn, body: Record<string, unknown>) =>
    call(t, who, 'adminCreateUser', {
      body: {
        email: `invitee-${crypto.randomUUID()}@carevoice.test`,
        name: 'Invitee',
        permissions: [],
        facility_ids: [MAPLE],
        ...body,
      },
    });

  it('granting a facility one does not hold', async () => {
    const target = await newUser(t, { facilityIds: [MAPLE] });
    await expectRefused(
      t,
      () => patch(office, target.id, { facility_ids: [MAPLE, HARBOR] }),
      403,
      MESSAGES.facilityForbidden,
    );
    await expectRefused(
      t,
      () => invite(office, { facility_ids: [MAPLE, HARBOR] }),
      403,
      MESSAGES.facilityForbidden,
    );
    await expectRefused(
      t,
      () => invite(office, { facility_ids: ['no-such-facility'] }),
      403,
      MESSAGES.facilityForbidden,
    );
  });

  it('granting or removing a permission one does not hold', async () => {
    const target = await newUser(t, { permissions: ['Social_Work'], facilityIds: [MAPLE] });
    const message = (permission: PermissionType) =>
      text.permissionNotHeld(text.permissionLabels[permission]);
    await expectRefused(
      t,
      () => patch(office, target.id, { permissions: ['Social_Work', 'Managed_Care'] }),
      403,
      message('Managed_Care'),
    );
    await expectRefused(
      t,
      () => patch(office, target.id, { permissions: [] }),
      403,
      message('Social_Work'),
    );
    await expectRefused(
      t,
      () => invite(office, { permissions: ['Survey_Results'] }),
      403,
      message('Survey_Results'),
    );
    // all_permission_access holds everything but Lorem_ipsum_text.
    await expectRefused(
      t,
      () => invite(admin, { permissions: ['Lorem_ipsum_text'] }),
      403,
      message('Lorem_ipsum_text'),
    );
    // Permissions the administrator holds are fine, and one they lack may stay as it is.
    const kept = await patch(office, target.id, {
      permissions: ['Social_Work', 'Patients_Surveys'],
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('setting or clearing the all-access flags without holding both', async () => {
    const target = await newUser(t, { facilityIds: [MAPLE] });
    for (const flag of ['all_facility_access', 'all_permission_access']) {
      await expectRefused(
        t,
        () => patch(office, target.id, { [flag]: true }),
        403,
        MESSAGES.allAccessRequired,
      );
      await expectRefused(
        t,
        () => invite(office, { [flag]: true }),
        403,
        MESSAGES.allAccessRequired,
      );
    }
    // Editing (or deactivating) a user who has one needs both flags too.
    const flagged = await newUser(t, { admin: true });
    await expectRefused(
      t,
      () => patch(office, flagged.id, { name: 'Renamed' }),
      403,
      MESSAGES.allAccessRequired,
    );
    await expectRefused(
      t,
      () => call(t, office, 'adminDeactivateUser', { params: { userId: flagged.id } }),
      403,
      MESSAGES.allAccessRequired,
    );
    // A holder of both may.
    const granted = await patch(admin, target.id, { all_facility_access: true });
    expect(granted.statusCode, granted.body).toBe(200);
  });

  it('editing or acting on a user of another facility', async () => {
    const harbor = await newUser(t, { facilityIds: [HARBOR] });
    const mixed = await newUser(t, { facilityIds: [MAPLE, HARBOR] });
    const nowhere = await newUser(t, { facilityIds: [] });
    for (const target of [harbor, mixed, nowhere]) {
      await expectRefused(
        t,
        () => patch(office, target.id, { name: 'Renamed' }),
        403,
        MESSAGES.facilityForbidden,
      );
      for (const name of [
        'adminDeactivateUser',
        'adminReactivateUser',
        'adminResendInvitation',
        'adminRevokeInvitation',
      ] as const) {
        await expectRefused(
          t,
          () => call(t, office, name, { params: { userId: target.id } }),
          403,
          MESSAGES.facilityForbidden,
        );
      }
    }
    // manager@ holds all three facilities, the office only two.
    const manager = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@carevoice.test')
      .executeTakeFirstOrThrow();
    await expectRefused(
      t,
      () => patch(office, manager.id, { name: 'Renamed' }),
      403,
      MESSAGES.facilityForbidden,
    );
  });

  it('deactivating oneself, or removing one’s own Administration', async () => {
    await expectRefused(
      t,
      () => call(t, office, 'adminDeactivateUser', { params: { userId: officeId } }),
      403,
      text.cannotDeactivateSelf,
    );
    await expectRefused(
      t,
      () => patch(office, officeId, { permissions: ['Patients_Surveys'] }),
      403,
      text.cannotRemoveOwnAdministration,
    );
    await expectRefused(
      t,
      () => call(t, admin, 'adminDeactivateUser', { params: { userId: admin.body.sf_user_id } }),
      403,
      text.cannotDeactivateSelf,
    );
    // The office may still edit their own name.
    const renamed = await patch(office, officeId, { name: 'Office Administrator' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('taking a flag from the last active user with both flags; with a second one it is allowed', async () => {
    const adminId = admin.body.sf_user_id;
    const holders = await t.db
      .selectFrom('users')
      .select('id')
      .where('active', '=', 1)
      .where('all_facility_access', '=', 1)
      .where('all_permission_access', '=', 1)
      .execute();
    // Only admin@ at this point (the flagged user above holds both but is the test's own).
    for (const holder of holders.filter((row) => row.id !== adminId)) {
      await t.db.updateTable('users').set({ active: 0 }).where('id', '=', holder.id).execute();
    }
    const adminVersion = (await userRow(t, adminId)).version;
    const dropFlag = () =>
      call(t, admin, 'adminUpdateUser', {
        params: { userId: adminId },
        body: {
          all_facility_access: false,
          facility_ids: [MAPLE],
          permissions: ['Administration'],
          version: adminVersion,
        },
      });
    await expectRefused(t, dropFlag, 403, text.lastAllAccessUser);

    const second = await newUser(t, { admin: true });
    const allowed = await dropFlag();
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await userRow(t, adminId)).toMatchObject({ all_facility_access: 0 });

    // Now `second` is the last one: admin@ (without every facility) may not touch them, and
    // nobody can deactivate them.
    await expectRefused(
      t,
      () => call(t, admin, 'adminDeactivateUser', { params: { userId: second.id } }),
      403,
      MESSAGES.allAccessRequired,
    );
    const secondSession = await signIn(t, second);
    await expectRefused(
      t,
      () => call(t, secondSession, 'adminDeactivateUser', { params: { userId: second.id } }),
      403,
      text.cannotDeactivateSelf,
    );
  });
});

describeEachDialect('deactivating and reactivating', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('ends every session of the user at once (cookie and bearer), and sign-in is refused until reactivated', async () => {
    const admin = await t.login('admin@carevoice.test');
    const user = await newUser(t, { permissions: ['Patients_Surveys'], facilityIds: [MAPLE] });
    const tablet = await signIn(t, user);
    const laptop = await signIn(t, user);
    const bearer = { authorization: `Bearer ${laptop.body.jwt_access}` };
    // Warm every cache the session lookup and the answers have.
    for (let round = 0; round < 2; round += 1) {
      expect((await call(t, tablet, 'me')).statusCode).toBe(200);
      expect((await call(t, undefined, 'me', { headers: bearer })).statusCode).toBe(200);
      expect(
        (
          await call(t, tablet, 'permissions', {
            params: { sfUserId: tablet.body.sf_user_id },
          })
        ).statusCode,
      ).toBe(200);
    }

    const response = await call(t, admin, 'adminDeactivateUser', { params: { userId: user.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: text.deactivated });

    const me = await call(t, tablet, 'me');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: MESSAGES.sessionExpired });
    expect(
      (await call(t, tablet, 'permissions', { params: { sfUserId: tablet.body.sf_user_id } }))
        .statusCode,
    ).toBe(401);
    expect((await call(t, undefined, 'me', { headers: bearer })).statusCode).toBe(401);
    const refreshed = await call(t, undefined, 'refresh', {
      body: { refresh: laptop.body.jwt_refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    await expect(signIn(t, user)).rejects.toThrow(/401/);

    const sessions = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((session) => session.revoked_at !== null)).toBe(true);
    expect(await userRow(t, user.id)).toMatchObject({ active: 0, version: 2 });
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'facility_id'])
      .where('action', '=', 'user.deactivated')
      .where('target_id', '=', user.id)
      .execute();
    expect(audit).toEqual([{ actor_user_id: admin.body.sf_user_id, facility_id: MAPLE }]);

    await expectRefused(
      t,
      () => call(t, admin, 'adminDeactivateUser', { params: { userId: user.id } }),
      409,
      text.alreadyDeactivated,
    );

    const reactivated = await call(t, admin, 'adminReactivateUser', {
      params: { userId: user.id },
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toEqual({ detail: text.reactivated });
    const again = await signIn(t, user);
    expect((await call(t, again, 'me')).statusCode).toBe(200);
    // The old sessions stay ended.
    expect((await call(t, tablet, 'me')).statusCode).toBe(401);
    await expectRefused(
      t,
      () => call(t, admin, 'adminReactivateUser', { params: { userId: user.id } }),
      409,
      text.alreadyActive,
    );
  });

  it('a facility-scoped administrator may deactivate a user of their facilities', async () => {
    const office = await signIn(
      t,
      await newUser(t, { permissions: ['Administration'], facilityIds: [MAPLE, RIVERSIDE] }),
    );
    const user = await newUser(t, { permissions: ['Social_Work'], facilityIds: [RIVERSIDE] });
    const session = await signIn(t, user);
    const response = await call(t, office, 'adminDeactivateUser', { params: { userId: user.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(t, session, 'me')).statusCode).toBe(401);
  });
});
