import {
  AcknowledgementListResponseSchema,
  MESSAGES,
  type AcknowledgementListResponse,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../db/values.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE, signInNewUser } from '../../test/survey-kit.js';
import { decidePending } from './acknowledgements.repository.js';

const REVIEW_KEYS = ['id', 'patient_name', 'survey_date', 'review'];

describeEachDialect('acknowledgement review', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const manager = () => t.login('manager@carevoice.test');
  /** Review ids no other test of this file has decided. */
  const used = new Set<string>();

  const list = (who: SignedIn | undefined, facilityId: string) =>
    call(t, who, 'acknowledgements', { params: { facilityId } });
  const listOk = async (who: SignedIn, facilityId: string) => {
    const response = await list(who, facilityId);
    expect(response.statusCode).toBe(200);
    return AcknowledgementListResponseSchema.parse(response.json());
  };
  const decide = (who: SignedIn | undefined, facilityId: string, body: unknown) =>
    call(t, who, 'reviewDecision', { params: { facilityId }, body });
  /** A decision as the screen sends it: a denial gives a reason. */
  const decision = (who: SignedIn, id: string, result: string) => ({
    user_id: who.body.sf_user_id,
    result,
    id,
    ...(result === 'Denied' ? { reason: 'Duplicate' } : {}),
  });

  const row = (id: string) =>
    t.db.selectFrom('acknowledgements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditRows = (id: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'acknowledgement.reviewed')
      .where('target_id', '=', id)
      .execute();
  /**
   * The row counts after one decision: its audit event and, for an approval that mails someone
   * (ADR 031), its outbox rows and their audit event.
   */
  const afterDecision = async (before: Record<string, number>, id: string) => {
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('event', '=', `recognition:approved:${id}`)
      .execute();
    return {
      ...before,
      audit_events: before.audit_events! + 1 + (mails.length > 0 ? 1 : 0),
      mail_outbox: before.mail_outbox! + mails.length,
    };
  };
  /** A pending review of the facility that no other test has decided (`take` reserves it). */
  const pendingReview = async (facilityId: string, take: boolean) => {
    const rows = await t.db
      .selectFrom('acknowledgements')
      .select(['id', 'employee_id'])
      .where('facility_id', '=', facilityId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    const free = rows.find(({ id }) => !used.has(id));
    if (!free) throw new Error(`no pending review left in ${facilityId}`);
    if (take) used.add(free.id);
    return free;
  };
  const takePending = (facilityId: string) => pendingReview(facilityId, true);
  /** For requests that must be refused: the review stays pending. */
  const peekPending = (facilityId: string) => pendingReview(facilityId, false);
  const reviewIds = (items: AcknowledgementListResponse) =>
    items.flatMap((item) => item.reviews.map((review) => review.id));

  /** A facility of its own with one employee, one resident and one survey (not submitted). */
  const isolatedFacility = async (key: string) => {
    const facilityId = `fac-${key}`;
    await t.db
      .insertInto('facilities')
      .values({ id: facilityId, name: `Test ${key}` })
      .execute();
    await t.db
      .insertInto('employees')
      .values({
        id: `emp-${key}`,
        facility_id: facilityId,
        code: `C${key}`,
        name: 'Zoe Quill',
        department: 'Nursing',
        position: 'Nurse',
        active: 1,
      })
      .execute();
    await t.db
      .insertInto('residents')
      .values({
        id: `res-${key}`,
        facility_id: facilityId,
        first_name: 'Iris',
        last_name: 'Vale',
        client_id: `X-${key}`,
        active: 1,
        discharge_reason: null,
        discharged_at: null,
      })
      .execute();
    await t.db
      .insertInto('surveys')
      .values({
        id: `sv-${key}`,
        facility_id: facilityId,
        resident_id: `res-${key}`,
        survey_type: 'Admission',
        survey_set_id: null,
        due_date: '2026-11-20',
        status: 'due',
        delayed_until: null,
        created_by: null,
        created_at: '2026-11-01T08:00:00.000Z',
        submitted_by: null,
        submitted_at: null,
      })
      .execute();
    return facilityId;
  };

  describe('the list', () => {
    it('groups the facility’s pending reviews per employee, by name, with patient name and survey date', async () => {
      const who = await manager();
      const response = await list(who, MAPLE);
      expect(response.statusCode).toBe(200);
      const items = AcknowledgementListResponseSchema.parse(response.json());

      const expected = await t.db
        .selectFrom('acknowledgements')
        .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
        .innerJoin('surveys', 'surveys.id', 'acknowledgements.survey_id')
        .innerJoin('residents', 'residents.id', 'surveys.resident_id')
        .select([
          'acknowledgements.id',
          'acknowledgements.comment',
          'employees.name',
          'residents.first_name',
          'residents.last_name',
          'surveys.submitted_at',
        ])
        .where('acknowledgements.facility_id', '=', MAPLE)
        .where('acknowledgements.status', '=', 'pending')
        .execute();
      // The seed: four employees with pending reviews, the first with three; six in all.
      expect(expected).toHaveLength(6);
      expect(items).toHaveLength(4);
      expect(items.map((item) => item.reviews.length).sort()).toEqual([1, 1, 1, 3]);
      expect(new Set(reviewIds(items))).toEqual(new Set(expected.map(({ id }) => id)));

      const names = items.map((item) => item.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      for (const item of items) {
        expect(Object.keys(item)).toEqual(['name', 'reviews']);
        for (const review of item.reviews) {
          expect(Object.keys(review)).toEqual(REVIEW_KEYS);
          const source = expected.find(({ id }) => id === review.id);
          expect(source).toBeDefined();
          expect(review).toEqual({
            id: source?.id,
            patient_name: `${source?.first_name} ${source?.last_name}`,
            survey_date: localToday(new Date(source?.submitted_at as string)),
            review: source?.comment,
          });
          expect(item.name).toBe(source?.name);
          expect(review.survey_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
      }
    });

    it('leaves out decided reviews and reviews of other facilities', async () => {
      const who = await manager();
      const ids = new Set(reviewIds(await listOk(who, MAPLE)));
      const others = await t.db
        .selectFrom('acknowledgements')
        .select(['id', 'status', 'facility_id'])
        .where((eb) => eb.or([eb('facility_id', '!=', MAPLE), eb('status', '!=', 'pending')]))
        .execute();
      expect(others.some((other) => other.status === 'approved')).toBe(true);
      expect(others.some((other) => other.status === 'denied')).toBe(true);
      expect(others.some((other) => other.facility_id === HARBOR)).toBe(true);
      for (const other of others) expect(ids.has(other.id), other.id).toBe(false);
    });

    it('answers null for the survey date of a survey not submitted, and [] when nothing waits', async () => {
      const facilityId = await isolatedFacility('nodate');
      const admin = await t.login('admin@carevoice.test');
      expect(await listOk(admin, facilityId)).toEqual([]);

      await t.db
        .insertInto('acknowledgements')
        .values({
          id: 'ack-nodate',
          survey_id: 'sv-nodate',
          employee_id: 'emp-nodate',
          facility_id: facilityId,
          comment: '<img src=x onerror=alert(1)> & "quotes"',
          status: 'pending',
          created_at: '2026-11-20T09:00:00.000Z',
          reviewed_by: null,
          reviewed_at: null,
        })
        .execute();
      expect(await listOk(admin, facilityId)).toEqual([
        {
          name: 'Zoe Quill',
          reviews: [
            {
              id: 'ack-nodate',
              patient_name: 'Iris Vale',
              survey_date: null,
              review: '<img src=x onerror=alert(1)> & "quotes"',
            },
          ],
        },
      ]);
    });

    it('is open to all_permission_access (admin)', async () => {
      const admin = await t.login('admin@carevoice.test');
      expect((await listOk(admin, HARBOR)).length).toBeGreaterThan(0);
    });
  });

  describe('a decision', () => {
    it.each([
      { result: 'Approved', status: 'approved', detail: MESSAGES.reviewApproved },
      { result: 'Denied', status: 'denied', detail: MESSAGES.reviewDenied },
    ])(
      '$result sets the status, who and when, audits it without the review text and leaves the list',
      async ({ result, status, detail }) => {
        const who = await manager();
        const pending = await takePending(MAPLE);
        const before = await t.counts();
        t.clock.advanceMinutes(3);

        const response = await decide(who, MAPLE, decision(who, pending.id, result));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ detail });

        expect(await t.counts()).toEqual(await afterDecision(before, pending.id));
        const decided = await row(pending.id);
        expect(decided).toMatchObject({
          status,
          reviewed_by: who.body.sf_user_id,
          reviewed_at: t.clock.now().toISOString(),
        });
        const audit = await auditRows(pending.id);
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          actor_user_id: who.body.sf_user_id,
          action: 'acknowledgement.reviewed',
          target_type: 'acknowledgement',
          target_id: pending.id,
          facility_id: MAPLE,
          occurred_at: t.clock.now().toISOString(),
        });
        expect(JSON.parse(audit[0]?.detail_json ?? '{}')).toEqual({
          result,
          employee_id: pending.employee_id,
          ...(result === 'Denied' ? { reason: 'Duplicate' } : {}),
        });
        expect(audit[0]?.detail_json).not.toContain(decided.comment);

        expect(reviewIds(await listOk(who, MAPLE))).not.toContain(pending.id);
      },
    );

    it('a second decision is 409 with the already-handled message and changes nothing', async () => {
      const who = await manager();
      const admin = await t.login('admin@carevoice.test');
      const pending = await takePending(MAPLE);
      expect((await decide(who, MAPLE, decision(who, pending.id, 'Approved'))).statusCode).toBe(
        200,
      );
      const first = await row(pending.id);
      const before = await t.counts();
      t.clock.advanceMinutes(1);

      for (const [by, result] of [
        [who, 'Approved'],
        [who, 'Denied'],
        [admin, 'Denied'],
      ] as const) {
        const response = await decide(by, MAPLE, decision(by, pending.id, result));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ detail: MESSAGES.reviewAlreadyDecided });
      }
      expect(await t.counts()).toEqual(before);
      expect(await row(pending.id)).toEqual(first);
      expect(await auditRows(pending.id)).toHaveLength(1);
    });

    it('a review decided by the seed (approved or denied) is 409', async () => {
      const who = await manager();
      const decided = await t.db
        .selectFrom('acknowledgements')
        .select('id')
        .where('facility_id', '=', MAPLE)
        .where('status', 'in', ['approved', 'denied'])
        .execute();
      const seeded = decided.filter(({ id }) => !used.has(id));
      expect(seeded).toHaveLength(2);
      for (const { id } of seeded) {
        const response = await decide(who, MAPLE, decision(who, id, 'Approved'));
        expect(response.statusCode).toBe(409);
      }
    });

    it('two concurrent decisions on one review decide it once', async () => {
      const who = await manager();
      const admin = await t.login('admin@carevoice.test');
      const pending = await takePending(RIVERSIDE);
      const before = await t.counts();

      const responses = await Promise.all([
        decide(who, RIVERSIDE, decision(who, pending.id, 'Approved')),
        decide(admin, RIVERSIDE, decision(admin, pending.id, 'Denied')),
        decide(who, RIVERSIDE, decision(who, pending.id, 'Denied')),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await t.counts()).toEqual(await afterDecision(before, pending.id));
      const audit = await auditRows(pending.id);
      expect(audit).toHaveLength(1);
      const decided = await row(pending.id);
      expect(decided.reviewed_by).toBe(audit[0]?.actor_user_id);
      expect(decided.status).toBe(
        JSON.parse(audit[0]?.detail_json ?? '{}').result === 'Approved' ? 'approved' : 'denied',
      );
    });

    it('the update only changes a review that is still pending (the race guard)', async () => {
      const pending = await takePending(RIVERSIDE);
      const who = await manager();
      const at = t.clock.now().toISOString();
      const first = await decidePending(t.db, pending.id, {
        status: 'approved',
        reviewedBy: who.body.sf_user_id,
        reviewedAt: at,
      });
      const second = await decidePending(t.db, pending.id, {
        status: 'denied',
        reviewedBy: who.body.sf_user_id,
        reviewedAt: at,
      });
      expect([first, second]).toEqual([true, false]);
      expect((await row(pending.id)).status).toBe('approved');
    });

    it('is open to all_permission_access (admin)', async () => {
      const admin = await t.login('admin@carevoice.test');
      const pending = await takePending(HARBOR);
      const response = await decide(admin, HARBOR, decision(admin, pending.id, 'Denied'));
      expect(response.statusCode).toBe(200);
      expect(await row(pending.id)).toMatchObject({
        status: 'denied',
        reviewed_by: admin.body.sf_user_id,
      });
    });

    it('an unknown review id is 404', async () => {
      const who = await manager();
      const before = await t.counts();
      const response = await decide(who, MAPLE, decision(who, 'no-such-review', 'Approved'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.reviewNotFound });
      expect(await t.counts()).toEqual(before);
    });
  });

  describe('a refused request writes nothing', () => {
    it('an unknown result or a malformed body is 400', async () => {
      const who = await manager();
      const pending = await peekPending(MAPLE);
      const id = pending.id;
      const userId = who.body.sf_user_id;
      const bodies: unknown[] = [
        { user_id: userId, result: 'Maybe', id },
        { user_id: userId, result: 'approved', id },
        { user_id: userId, result: 'APPROVED', id },
        { user_id: userId, result: '', id },
        { user_id: userId, result: null, id },
        { user_id: userId, id },
        { user_id: userId, result: 'Approved' },
        { user_id: userId, result: 'Approved', id: '' },
        { user_id: userId, result: 'Approved', id: '../etc' },
        { user_id: userId, result: 'Approved', id: 42 },
        { user_id: userId, result: ['Approved'], id },
        {},
        [],
      ];
      const before = await t.counts();
      for (const body of bodies) {
        const response = await decide(who, MAPLE, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().detail).toBe(MESSAGES.badRequest);
      }
      const raw = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/users/acknowledgement-employee-list/${MAPLE}/`,
          headers: { ...who.headers, 'content-type': 'application/json' },
          payload,
        });
      const notAnObject = await raw('"Approved"');
      expect(notAnObject.statusCode).toBe(400);
      const broken = await raw('{"user_id": "x", "result": ');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ detail: MESSAGES.malformedJson });

      expect(await t.counts()).toEqual(before);
      expect(await row(id)).toMatchObject({ status: 'pending', reviewed_by: null });
      expect(await auditRows(id)).toEqual([]);
    });

    it('without a session: 401', async () => {
      const who = await manager();
      const pending = await peekPending(MAPLE);
      const before = await t.counts();
      const listed = await list(undefined, MAPLE);
      expect(listed.statusCode).toBe(401);
      expect(listed.json()).toEqual({ detail: MESSAGES.notSignedIn });
      const decided = await decide(undefined, MAPLE, decision(who, pending.id, 'Approved'));
      expect(decided.statusCode).toBe(401);
      expect(await t.counts()).toEqual(before);
      expect((await row(pending.id)).status).toBe('pending');
    });

    it('staff without Incentive_Acknowledgement: 403 on the list and on a decision', async () => {
      const staff = await t.login('staff@carevoice.test');
      const pending = await peekPending(MAPLE);
      const before = await t.counts();
      const listed = await list(staff, MAPLE);
      expect(listed.statusCode).toBe(403);
      expect(listed.json()).toEqual({ detail: MESSAGES.forbidden });
      const decided = await decide(staff, MAPLE, decision(staff, pending.id, 'Approved'));
      expect(decided.statusCode).toBe(403);
      expect(decided.json()).toEqual({ detail: MESSAGES.forbidden });
      expect(await t.counts()).toEqual(before);
      expect((await row(pending.id)).status).toBe('pending');
    });

    it('a review of facility B sent under facility A: 403, though the manager has both', async () => {
      const who = await manager();
      const pending = await peekPending(HARBOR);
      const before = await t.counts();
      for (const facilityId of [MAPLE, RIVERSIDE]) {
        const response = await decide(who, facilityId, decision(who, pending.id, 'Approved'));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: MESSAGES.reviewOtherFacility });
      }
      expect(await t.counts()).toEqual(before);
      expect((await row(pending.id)).status).toBe('pending');
    });

    it('a facility the user lacks: 403 on the list and on a decision', async () => {
      const limited = await signInNewUser(t, {
        permissions: ['Incentive_Acknowledgement'],
        facilityIds: [MAPLE],
      });
      expect((await list(limited, MAPLE)).statusCode).toBe(200);
      const pending = await peekPending(HARBOR);
      const before = await t.counts();
      for (const facilityId of [HARBOR, 'no-such-facility']) {
        const listed = await list(limited, facilityId);
        expect(listed.statusCode).toBe(403);
        expect(listed.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      }
      const decided = await decide(limited, HARBOR, decision(limited, pending.id, 'Approved'));
      expect(decided.statusCode).toBe(403);
      expect(decided.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      expect(await t.counts()).toEqual(before);
      expect((await row(pending.id)).status).toBe('pending');
    });

    it('a user_id that is not the signed-in user: 403', async () => {
      const who = await manager();
      const admin = await t.login('admin@carevoice.test');
      const pending = await peekPending(MAPLE);
      const before = await t.counts();
      const response = await decide(who, MAPLE, {
        user_id: admin.body.sf_user_id,
        result: 'Approved',
        id: pending.id,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.userMismatch });
      expect(await t.counts()).toEqual(before);
      expect((await row(pending.id)).status).toBe('pending');
    });
  });
});
