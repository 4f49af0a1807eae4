import { API_BASE, IdSchema, MESSAGES } from '@carevoice/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { demoId } from '../../db/seed/demo.js';
import { describeEachDialect, useTestApp } from '../../test/harness.js';
import { requireSession } from './access.service.js';

const MAPLE = demoId('facility', 'maple-grove');
const RIVERSIDE = demoId('facility', 'riverside');
const HARBOR = demoId('facility', 'harbor-view');

/**
 * Test-only routes that borrow real ENDPOINTS rules by name (under /guard-test, so they never
 * collide with the modules that implement those endpoints): the guard must apply each rule.
 * Each answers in the borrowed endpoint's shape (answers are checked against it in tests).
 */
function guardRoutes(app: FastifyInstance) {
  app.get('/guard-test/acknowledgements/:facilityId', {
    config: { endpoint: 'acknowledgements' },
    schema: { params: z.object({ facilityId: IdSchema }) },
    // The signed-in user's id where an employee's name would be: who got through.
    handler: async (request) => [{ name: requireSession(request).user.id, reviews: [] }],
  });
  app.post('/guard-test/create-survey', {
    config: { endpoint: 'createSurvey' },
    handler: async () => ({ survey_id: 'guard-test' }),
  });
  app.post('/guard-test/review-decision/:facilityId', {
    config: { endpoint: 'reviewDecision' },
    handler: async () => ({ detail: 'ok' }),
  });
}

describeEachDialect('access', (dialect) => {
  const t = useTestApp(dialect, { seed: true, extend: guardRoutes });

  const permissionsOf = async (email: string) => {
    const { body, headers } = await t.login(email);
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/users/facility/permission/${body.sf_user_id}/`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('lists the staff member’s permissions and two facilities, sorted by name', async () => {
    expect(await permissionsOf('staff@carevoice.test')).toEqual({
      permissions: [{ type: 'Patients_Surveys' }],
      facilities: [
        { id: MAPLE, name: 'Maple Grove Care Home' },
        { id: RIVERSIDE, name: 'Riverside Senior Living' },
      ],
    });
  });

  it('lists the manager’s five permissions and all three facilities', async () => {
    const result = await permissionsOf('manager@carevoice.test');
    expect(result.permissions).toEqual([
      { type: 'Managed_Care' },
      { type: 'Patients_Surveys' },
      { type: 'Incentive_Acknowledgement' },
      { type: 'Social_Work' },
      { type: 'Survey_Results' },
    ]);
    expect(result.facilities.map((facility: { name: string }) => facility.name)).toEqual([
      'Harbor View Rehabilitation',
      'Maple Grove Care Home',
      'Riverside Senior Living',
    ]);
  });

  it('gives the admin every facility through all_facility_access, with no permission rows', async () => {
    const result = await permissionsOf('admin@carevoice.test');
    expect(result.permissions).toEqual([]);
    expect(result.facilities).toHaveLength(3);
  });

  it('gives the preview account its two permissions and one facility', async () => {
    expect(await permissionsOf('preview@carevoice.test')).toEqual({
      permissions: [{ type: 'Patients_Surveys' }, { type: 'Lorem_ipsum_text' }],
      facilities: [{ id: MAPLE, name: 'Maple Grove Care Home' }],
    });
  });

  it('refuses another user’s id with 403 and no session with 401', async () => {
    const manager = await t.login('manager@carevoice.test');
    const { headers } = await t.login('staff@carevoice.test');
    const url = `${API_BASE}/users/facility/permission/${manager.body.sf_user_id}/`;
    const mismatch = await t.app.inject({ method: 'GET', url, headers });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toEqual({ detail: MESSAGES.userMismatch });
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MESSAGES.notSignedIn });
  });

  it('guard: a facility rule needs its permission (403 forbidden)', async () => {
    const { headers } = await t.login('staff@carevoice.test');
    const response = await t.app.inject({
      method: 'GET',
      url: `/guard-test/acknowledgements/${MAPLE}`,
      headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
  });

  it('guard: a facility rule passes a granted path facility and refuses an unknown one (403)', async () => {
    const { body, headers } = await t.login('manager@carevoice.test');
    const allowed = await t.app.inject({
      method: 'GET',
      url: `/guard-test/acknowledgements/${HARBOR}`,
      headers,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual([{ name: body.sf_user_id, reviews: [] }]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/guard-test/acknowledgements/no-such-facility`,
      headers,
    });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ detail: MESSAGES.facilityForbidden });
  });

  it('guard: a body facility_id outside the user’s facilities is 403', async () => {
    const { headers } = await t.login('staff@carevoice.test');
    const create = (facility_id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/guard-test/create-survey',
        headers,
        payload: { facility_id },
      });
    expect((await create(MAPLE)).statusCode).toBe(200);
    const refused = await create(HARBOR);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.facilityForbidden });
  });

  it('guard: all_permission_access and all_facility_access pass every facility rule', async () => {
    const { body, headers } = await t.login('admin@carevoice.test');
    const review = await t.app.inject({
      method: 'POST',
      url: `/guard-test/review-decision/${HARBOR}`,
      headers,
      payload: { user_id: body.sf_user_id },
    });
    expect(review.statusCode).toBe(200);
  });

  it('guard: a body user id other than the session’s is 403', async () => {
    const manager = await t.login('manager@carevoice.test');
    const staff = await t.login('staff@carevoice.test');
    const response = await t.app.inject({
      method: 'POST',
      url: `/guard-test/review-decision/${MAPLE}`,
      headers: manager.headers,
      payload: { user_id: staff.body.sf_user_id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.userMismatch });
  });

  it('guard: a grant or session taken away applies to the very next request', async () => {
    const { body, headers } = await t.login('manager@carevoice.test');
    const get = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/guard-test/acknowledgements/${RIVERSIDE}`,
          headers,
        })
      ).statusCode;
    expect(await get()).toBe(200);
    await t.db
      .deleteFrom('user_facilities')
      .where('user_id', '=', body.sf_user_id)
      .where('facility_id', '=', RIVERSIDE)
      .execute();
    expect(await get()).toBe(403);
    await t.db
      .insertInto('user_facilities')
      .values({ user_id: body.sf_user_id, facility_id: RIVERSIDE })
      .execute();
    expect(await get()).toBe(200);
    await t.db
      .deleteFrom('user_permissions')
      .where('user_id', '=', body.sf_user_id)
      .where('permission', '=', 'Incentive_Acknowledgement')
      .execute();
    expect(await get()).toBe(403);
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: body.sf_user_id, permission: 'Incentive_Acknowledgement' })
      .execute();
    expect(await get()).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: t.clock.now().toISOString() })
      .where('user_id', '=', body.sf_user_id)
      .execute();
    expect(await get()).toBe(401);
  });

  it('guard: order of refusals — 401, then the permission (403), then a malformed id (400)', async () => {
    const staff = await t.login('staff@carevoice.test');
    const manager = await t.login('manager@carevoice.test');
    const get = (facilityId: string, headers?: { cookie: string }) =>
      t.app.inject({
        method: 'GET',
        url: `/guard-test/acknowledgements/${encodeURIComponent(facilityId)}`,
        ...(headers ? { headers } : {}),
      });
    expect((await get('not an id!')).statusCode).toBe(401);
    expect((await get('not an id!', staff.headers)).statusCode).toBe(403);
    expect((await get('not an id!', manager.headers)).statusCode).toBe(400);
    expect((await get('nul\u0000byte', manager.headers)).statusCode).toBe(400);
  });
});
