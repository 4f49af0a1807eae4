import {
  MESSAGES,
  RECOGNITION_TEXT,
  RecognitionReviewPageSchema,
  RecognitionReviewSchema,
  RecognitionSummarySchema,
} from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, signInNewUser } from '../../test/survey-kit.js';
import { dyingSender, keepingSender, sendAllDue } from '../../test/outbox-senders.js';
import type { MailMessage } from '../../lib/mailer.js';
import { OUTBOX_LEASE_MS } from '../mail-outbox/mail-outbox.service.js';
import {
  approvalMailEvent,
  ensureOptOutToken,
  queueWeeklyDigests,
} from './recognition-mail.service.js';

const FACILITY = 'fac-rec';
const OTHER = 'fac-rec-other';

/**
 * The hand-computed fixture. Facility time zone America/New_York (EDT, UTC-4, until
 * 2026-11-01T06:00Z; EST, UTC-5, after). `created_at` is when the resident's words were recorded.
 *
 *  id   employee         department/position  status    created_at (UTC)        local day
 *  a1   Ada Lane         Nursing/Nurse        approved  2026-09-10T15:00Z       2026-09-10
 *  a2   Ada Lane         Nursing/Nurse        approved  2026-10-05T15:00Z       2026-10-05
 *  a3   Ada Lane         Nursing/Nurse        approved  2026-11-01T03:30Z       2026-10-31 (!)
 *  a4   Ben Cole         Nursing/Aide         approved  2026-11-10T15:00Z       2026-11-10
 *  a5   Cy Dunn          Culinary/Cook        approved  2026-11-12T15:00Z       2026-11-12
 *  a6   Cy Dunn          Culinary/Cook        approved  2026-08-20T15:00Z       2026-08-20
 *  d1   Ben Cole         Nursing/Aide         denied    2026-11-11T15:00Z       2026-11-11
 *  p1   Ada Lane         Nursing/Nurse        pending   2026-11-15T15:00Z       2026-11-15
 *  p2   Cy Dunn          Culinary/Cook        pending   2026-11-16T15:00Z       2026-11-16
 *
 * Period 2026-09-01 … 2026-11-21: a1–a5 → 5 approved; Ada 3, Ben 1, Cy 1; Nursing 4, Culinary 1;
 * by month 2026-09: 1, 2026-10: 2 (a2, a3 — a3 is October in New York, November in UTC),
 * 2026-11: 2. Period 2026-09-01 … 2026-10-31: a1, a2, a3 → 3. No period: 6, 2026-08: 1 more.
 */
const EMPLOYEES = [
  { id: 'rec-e1', name: 'Ada Lane', department: 'Nursing', position: 'Nurse' },
  { id: 'rec-e2', name: 'Ben Cole', department: 'Nursing', position: 'Aide' },
  { id: 'rec-e3', name: 'Cy Dunn', department: 'Culinary', position: 'Cook' },
] as const;

type Status = 'pending' | 'approved' | 'denied';
const ROWS: [id: string, employee: string, status: Status, createdAt: string][] = [
  ['a1', 'rec-e1', 'approved', '2026-09-10T15:00:00.000Z'],
  ['a2', 'rec-e1', 'approved', '2026-10-05T15:00:00.000Z'],
  ['a3', 'rec-e1', 'approved', '2026-11-01T03:30:00.000Z'],
  ['a4', 'rec-e2', 'approved', '2026-11-10T15:00:00.000Z'],
  ['a5', 'rec-e3', 'approved', '2026-11-12T15:00:00.000Z'],
  ['a6', 'rec-e3', 'approved', '2026-08-20T15:00:00.000Z'],
  ['d1', 'rec-e2', 'denied', '2026-11-11T15:00:00.000Z'],
  ['p1', 'rec-e1', 'pending', '2026-11-15T15:00:00.000Z'],
  ['p2', 'rec-e3', 'pending', '2026-11-16T15:00:00.000Z'],
];

describeEachDialect('recognition', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let manager: SignedIn;
  let deciderId: string;

  const reviews = (query: Record<string, string>) =>
    call(t, manager, 'recognitionReviews', { query: { facility_id: FACILITY, ...query } });
  const reviewsOk = async (query: Record<string, string>) => {
    const response = await reviews(query);
    expect(response.statusCode, response.body).toBe(200);
    return RecognitionReviewPageSchema.parse(response.json());
  };
  const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
  const summary = async (query: Record<string, string>) => {
    const response = await call(t, manager, 'recognitionSummary', {
      query: { facility_id: FACILITY, ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return RecognitionSummarySchema.parse(response.json());
  };
  const decide = (id: string, result: string, extra: Record<string, unknown> = {}) =>
    call(t, manager, 'reviewDecision', {
      params: { facilityId: FACILITY },
      body: { user_id: manager.body.sf_user_id, result, id, ...extra },
    });
  const undo = (id: string) => call(t, manager, 'recognitionUndo', { params: { reviewId: id } });
  const edit = (id: string, body: unknown) =>
    call(t, manager, 'recognitionEditReview', { params: { reviewId: id }, body });
  const row = (id: string) =>
    t.db.selectFrom('acknowledgements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const audits = (action: string, id: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', id)
      .execute();

  /** A new pending review (of Ada Lane unless told), recorded now. */
  let fresh = 0;
  const newPending = async (employeeId = 'rec-e1') => {
    fresh += 1;
    const id = `fresh-${fresh}`;
    await t.db
      .insertInto('acknowledgements')
      .values({
        id,
        survey_id: 'rec-sv',
        employee_id: employeeId,
        facility_id: FACILITY,
        comment: `Fresh words ${fresh}`,
        status: 'pending',
        created_at: t.clock.now().toISOString(),
        reviewed_by: null,
        reviewed_at: null,
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    for (const [id, name] of [
      [FACILITY, 'Recognition House'],
      [OTHER, 'Elsewhere House'],
    ] as const) {
      await t.db
        .insertInto('facilities')
        .values({ id, name, time_zone: 'America/New_York' })
        .execute();
    }
    for (const [index, employee] of EMPLOYEES.entries()) {
      await t.db
        .insertInto('employees')
        .values({
          ...employee,
          facility_id: FACILITY,
          code: `REC${index}`,
          active: 1,
          email: index === 0 ? 'ada@recognition.example' : null,
        })
        .execute();
    }
    await t.db
      .insertInto('residents')
      .values({
        id: 'rec-res',
        facility_id: FACILITY,
        first_name: 'Iris',
        last_name: 'Vale',
        client_id: 'REC-1',
        active: 1,
        discharge_reason: null,
        discharged_at: null,
      })
      .execute();
    await t.db
      .insertInto('surveys')
      .values({
        id: 'rec-sv',
        facility_id: FACILITY,
        resident_id: 'rec-res',
        survey_type: 'Admission',
        survey_set_id: null,
        due_date: '2026-09-01',
        status: 'completed',
        delayed_until: null,
        created_by: null,
        created_at: '2026-09-01T08:00:00.000Z',
        submitted_by: null,
        submitted_at: '2026-09-10T15:00:00.000Z',
      })
      .execute();
    manager = await signInNewUser(t, {
      permissions: ['Incentive_Acknowledgement'],
      facilityIds: [FACILITY],
    });
    deciderId = manager.body.sf_user_id;
    for (const [n, [id, employee, status, createdAt]] of ROWS.entries()) {
      await t.db
        .insertInto('acknowledgements')
        .values({
          id,
          survey_id: 'rec-sv',
          employee_id: employee,
          facility_id: FACILITY,
          comment: `Words ${id}`,
          status,
          created_at: createdAt,
          reviewed_by: status === 'pending' ? null : deciderId,
          // Decided in the order of the table, a day apart, long before the test clock.
          reviewed_at:
            status === 'pending' ? null : `2026-11-${String(n + 1).padStart(2, '0')}T20:00:00.000Z`,
          deny_reason: status === 'denied' ? 'Duplicate' : null,
        })
        .execute();
    }
  });

  describe('the review list', () => {
    it('Pending is the default tab, oldest words first, with names and no decision', async () => {
      const page = await reviewsOk({});
      expect(ids(page)).toEqual(['p1', 'p2']);
      expect(page.next_cursor).toBeNull();
      expect(page.items[0]).toEqual(
        RecognitionReviewSchema.parse({
          id: 'p1',
          employee_id: 'rec-e1',
          employee_name: 'Ada Lane',
          department: 'Nursing',
          position: 'Nurse',
          patient_name: 'Iris Vale',
          survey_date: page.items[0]?.survey_date,
          review: 'Words p1',
          published_text: null,
          status: 'pending',
          decided_by: null,
          decided_at: null,
          reason: null,
          undo_until: null,
          version: 1,
        }),
      );
      expect(page.departments).toEqual(['Culinary', 'Nursing']);
      expect(page.positions).toEqual(['Aide', 'Cook', 'Nurse']);
      // The decisions' times are shown on the facility's clock.
      expect(page.time_zone).toBe('America/New_York');
    });

    it('Approved and Denied show who decided and when, most recent first; Denied the reason', async () => {
      const approved = await reviewsOk({ status: 'approved' });
      expect(ids(approved)).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
      expect(approved.items[0]).toMatchObject({
        status: 'approved',
        decided_by: expect.stringMatching(/^Kit User/),
        decided_at: '2026-11-06T20:00:00.000Z',
        reason: null,
        undo_until: null,
      });
      const denied = await reviewsOk({ status: 'denied' });
      expect(ids(denied)).toEqual(['d1']);
      expect(denied.items[0]).toMatchObject({
        reason: 'Duplicate',
        decided_by: expect.stringMatching(/^Kit User/),
      });
    });

    it('filters by period (facility-local days), department and position', async () => {
      expect(ids(await reviewsOk({ status: 'approved', from: '2026-11-01' }))).toEqual([
        'a5',
        'a4',
      ]);
      // a3 was recorded 2026-11-01T03:30Z: still 31 October in New York.
      expect(
        ids(await reviewsOk({ status: 'approved', from: '2026-10-31', to: '2026-10-31' })),
      ).toEqual(['a3']);
      expect(ids(await reviewsOk({ status: 'approved', department: 'Culinary' }))).toEqual([
        'a6',
        'a5',
      ]);
      expect(ids(await reviewsOk({ status: 'approved', position: 'Aide' }))).toEqual(['a4']);
      expect(
        ids(await reviewsOk({ status: 'denied', department: 'Nursing', position: 'Aide' })),
      ).toEqual(['d1']);
      expect(ids(await reviewsOk({ department: 'Nobody' }))).toEqual([]);
      expect(ids(await reviewsOk({ status: 'approved', employee_id: 'rec-e3' }))).toEqual([
        'a6',
        'a5',
      ]);
    });

    it.each([
      [{ status: 'maybe' }, 400],
      [{ from: '2026-02-30' }, 400],
      [{ from: '2026-11-02', to: '2026-11-01' }, 400],
      [{ cursor: 'not-a-cursor' }, 400],
      [{ department: 'x'.repeat(201) }, 400],
    ])('bad input %j: %i', async (query, status) => {
      const response = await reviews(query);
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().detail).toBe('string');
    });

    it('pages with a cursor, keeping the order', async () => {
      for (let n = 0; n < 101; n += 1) await newPending();
      const first = await reviewsOk({});
      expect(first.items).toHaveLength(100);
      expect(first.next_cursor).not.toBeNull();
      const second = await reviewsOk({ cursor: first.next_cursor as string });
      const all = [...ids(first), ...ids(second)];
      expect(new Set(all).size).toBe(all.length);
      expect(all.slice(0, 2)).toEqual(['p1', 'p2']);
      expect(all).toHaveLength(103);
      expect(second.next_cursor).toBeNull();
      // Leave them decided, so later tests see only their own pending reviews.
      await t.db
        .updateTable('acknowledgements')
        .set({ status: 'denied', reviewed_by: deciderId, reviewed_at: '2026-01-01T00:00:00.000Z' })
        .where('id', 'like', 'fresh-%')
        .execute();
    });

    it('a user without the facility: 403', async () => {
      const outsider = await signInNewUser(t, {
        permissions: ['Incentive_Acknowledgement'],
        facilityIds: [OTHER],
      });
      const response = await call(t, outsider, 'recognitionReviews', {
        query: { facility_id: FACILITY },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('deny with a reason', () => {
    it('without a reason (or a blank one) is 400 and changes nothing', async () => {
      const id = await newPending();
      const before = await t.counts();
      for (const extra of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
        const response = await decide(id, 'Denied', extra);
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
        expect(response.json().errors?.reason).toBeDefined();
      }
      expect(await t.counts()).toEqual(before);
      expect((await row(id)).status).toBe('pending');
    });

    it('with a reason stores it, shows it in Denied, audits a common reason by name only', async () => {
      const id = await newPending();
      const response = await decide(id, 'Denied', { reason: 'Inappropriate content' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: MESSAGES.reviewDenied });
      expect(await row(id)).toMatchObject({
        status: 'denied',
        deny_reason: 'Inappropriate content',
      });
      const [audit] = await audits('acknowledgement.reviewed', id);
      expect(JSON.parse(audit?.detail_json ?? '{}')).toMatchObject({
        reason: 'Inappropriate content',
      });
      const own = await newPending();
      await decide(own, 'Denied', { reason: 'Mentions Mr Smith by name' });
      const [ownAudit] = await audits('acknowledgement.reviewed', own);
      expect(ownAudit?.detail_json).not.toContain('Smith');
      expect(JSON.parse(ownAudit?.detail_json ?? '{}')).toMatchObject({ reason: 'other' });
      const denied = await reviewsOk({ status: 'denied', from: '2026-11-22' });
      expect(denied.items.find((item) => item.id === own)?.reason).toBe(
        'Mentions Mr Smith by name',
      );
    });

    it('an approval ignores a reason', async () => {
      const id = await newPending();
      expect((await decide(id, 'Approved', { reason: 'Whatever' })).statusCode).toBe(200);
      expect((await row(id)).deny_reason).toBeNull();
    });
  });

  describe('undo', () => {
    it('within 10 minutes: pending again, reason cleared, audited; the toast text', async () => {
      const id = await newPending();
      await decide(id, 'Denied', { reason: 'Duplicate' });
      const decided = await reviewsOk({ status: 'denied', from: '2026-11-22' });
      const item = decided.items.find((review) => review.id === id);
      const decidedAt = t.clock.now();
      expect(item?.undo_until).toBe(new Date(decidedAt.getTime() + 10 * 60_000).toISOString());
      t.clock.advanceMinutes(9);
      const response = await undo(id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ detail: RECOGNITION_TEXT.undone });
      expect(await row(id)).toMatchObject({
        status: 'pending',
        reviewed_by: null,
        reviewed_at: null,
        deny_reason: null,
        version: 3,
      });
      const [audit] = await audits('acknowledgement.undone', id);
      expect(audit).toMatchObject({ actor_user_id: deciderId, facility_id: FACILITY });
      expect(JSON.parse(audit?.detail_json ?? '{}')).toEqual({
        undone: 'denied',
        employee_id: 'rec-e1',
      });
      // Pending again: nothing to undo; and it can be decided again.
      const again = await undo(id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: RECOGNITION_TEXT.errors.notDecided });
      expect((await decide(id, 'Approved')).statusCode).toBe(200);
    });

    it('after 10 minutes the decision is final: 409 with a message, nothing written', async () => {
      const id = await newPending();
      await decide(id, 'Approved');
      t.clock.advanceMinutes(10);
      const before = await t.counts();
      const response = await undo(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: RECOGNITION_TEXT.errors.undoExpired });
      expect(await t.counts()).toEqual(before);
      expect((await row(id)).status).toBe('approved');
      const listed = await reviewsOk({ status: 'approved', from: '2026-11-22' });
      expect(listed.items.find((review) => review.id === id)?.undo_until).toBeNull();
    });

    it('two undos at once: one wins, the other is 409', async () => {
      const id = await newPending();
      await decide(id, 'Approved');
      const responses = await Promise.all([undo(id), undo(id), undo(id)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await audits('acknowledgement.undone', id)).toHaveLength(1);
    });

    it('an unknown review is 404; one of a facility the user lacks is 403', async () => {
      expect((await undo('no-such-review')).statusCode).toBe(404);
      const seeded = await t.db
        .selectFrom('acknowledgements')
        .select('id')
        .where('facility_id', '!=', FACILITY)
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      const response = await undo(seeded.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.facilityForbidden });
    });
  });

  describe('the text published for an approved review', () => {
    it('is saved beside the original, audited without the text, and versioned', async () => {
      const id = await newPending();
      await decide(id, 'Approved');
      const version = Number((await row(id)).version);
      const response = await edit(id, { published_text: '  Always kind.  ', version });
      expect(response.statusCode, response.body).toBe(200);
      const review = RecognitionReviewSchema.parse(response.json());
      expect(review).toMatchObject({
        id,
        published_text: 'Always kind.',
        review: `Fresh words ${fresh}`,
        version: version + 1,
      });
      expect(await row(id)).toMatchObject({
        comment: `Fresh words ${fresh}`,
        published_text: 'Always kind.',
      });
      const [audit] = await audits('acknowledgement.edited', id);
      expect(audit?.detail_json).not.toContain('kind');

      // An edit naming the older version changes nothing.
      const stale = await edit(id, { published_text: 'Other words', version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: MESSAGES.versionConflict });
      expect((await row(id)).published_text).toBe('Always kind.');
    });

    it('a pending or denied review cannot be edited (409); bad text is 400', async () => {
      const id = await newPending();
      const pending = await edit(id, { published_text: 'Nice', version: 1 });
      expect(pending.statusCode).toBe(409);
      expect(pending.json()).toEqual({ detail: RECOGNITION_TEXT.errors.notApproved });
      for (const body of [
        { published_text: '', version: 1 },
        { published_text: '   ', version: 1 },
        { published_text: 'x'.repeat(4001), version: 1 },
        { published_text: 'ok', version: 0 },
        { published_text: 'ok' },
        { version: 1 },
      ]) {
        expect((await edit(id, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('undoing the approval clears the edited text', async () => {
      const id = await newPending();
      await decide(id, 'Approved');
      const version = Number((await row(id)).version);
      expect((await edit(id, { published_text: 'Edited', version })).statusCode).toBe(200);
      expect((await undo(id)).statusCode).toBe(200);
      expect(await row(id)).toMatchObject({
        published_text: null,
        comment: `Fresh words ${fresh}`,
      });
    });
  });

  describe('roll-ups against the hand-computed fixture', () => {
    it('2026-09-01 … 2026-11-21: per employee, per department, by month', async () => {
      const result = await summary({ from: '2026-09-01', to: '2026-11-21' });
      expect(result).toEqual({
        facility_id: FACILITY,
        facility_name: 'Recognition House',
        from: '2026-09-01',
        to: '2026-11-21',
        total_approved: 5,
        by_employee: [
          {
            employee_id: 'rec-e1',
            name: 'Ada Lane',
            department: 'Nursing',
            position: 'Nurse',
            approved: 3,
          },
          {
            employee_id: 'rec-e2',
            name: 'Ben Cole',
            department: 'Nursing',
            position: 'Aide',
            approved: 1,
          },
          {
            employee_id: 'rec-e3',
            name: 'Cy Dunn',
            department: 'Culinary',
            position: 'Cook',
            approved: 1,
          },
        ],
        by_department: [
          { department: 'Nursing', approved: 4 },
          { department: 'Culinary', approved: 1 },
        ],
        by_month: [
          { month: '2026-09', approved: 1 },
          { month: '2026-10', approved: 2 },
          { month: '2026-11', approved: 2 },
        ],
      });
    });

    it('the last day counts in the facility’s time zone; no period is everything', async () => {
      expect((await summary({ from: '2026-09-01', to: '2026-10-31' })).total_approved).toBe(3);
      const all = await summary({ to: '2026-11-21' });
      expect(all.total_approved).toBe(6);
      expect(all.by_month[0]).toEqual({ month: '2026-08', approved: 1 });
      expect(all.by_employee.map((item) => [item.name, item.approved])).toEqual([
        ['Ada Lane', 3],
        ['Cy Dunn', 2],
        ['Ben Cole', 1],
      ]);
    });

    it('a reversed period is 400', async () => {
      const response = await call(t, manager, 'recognitionSummary', {
        query: { facility_id: FACILITY, from: '2026-11-02', to: '2026-11-01' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: RECOGNITION_TEXT.errors.dateRangeReversed });
    });
  });

  describe('the mail opt-out (public)', () => {
    const optOut = (token: string) => call(t, undefined, 'recognitionOptOut', { body: { token } });

    it('stops the mails of the token’s employee and changes nothing else', async () => {
      const token = await ensureOptOutToken(t.db, t.config.sessionSecret, 'rec-e1');
      const employeesBefore = await t.db
        .selectFrom('employees')
        .selectAll()
        .orderBy('id')
        .execute();
      const before = await t.counts();
      const response = await optOut(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: RECOGNITION_TEXT.optedOut });
      const employeesAfter = await t.db.selectFrom('employees').selectAll().orderBy('id').execute();
      expect(employeesAfter).toEqual(
        employeesBefore.map((employee) =>
          employee.id === 'rec-e1' ? { ...employee, recognition_mail_opt_out: 1 } : employee,
        ),
      );
      expect(await t.counts()).toEqual({ ...before, audit_events: before.audit_events! + 1 });
      // Again: the same answer, nothing more written.
      expect((await optOut(token)).statusCode).toBe(200);
      expect(await t.counts()).toEqual({ ...before, audit_events: before.audit_events! + 1 });
    });

    it('an unknown or malformed token is 400', async () => {
      expect((await optOut('a'.repeat(64))).statusCode).toBe(400);
      expect((await optOut('short')).statusCode).toBe(400);
      expect((await optOut('../../etc/passwd-is-not-a-token')).statusCode).toBe(400);
    });
  });

  describe('mails through the outbox', () => {
    let colleague: SignedIn;
    const outbox = (event: string) =>
      t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('event', '=', event)
        .orderBy('recipient')
        .execute();
    /** Sends what is due; a mailer that keeps what it was handed. */
    const sendAll = (delivered: MailMessage[]) =>
      sendAllDue(keepingSender(t, t.clock.now, delivered));

    beforeAll(async () => {
      // An employee with an email who has not opted out (Ada did, above).
      await t.db
        .insertInto('employees')
        .values({
          id: 'rec-e4',
          facility_id: FACILITY,
          code: 'REC4',
          name: 'Dee Fox',
          department: 'Nursing',
          position: 'Nurse',
          active: 1,
          email: 'dee@recognition.example',
        })
        .execute();
      // A second manager of the facility: the approver gets no mail, the colleague does.
      colleague = await signInNewUser(t, {
        permissions: ['Incentive_Acknowledgement'],
        facilityIds: [FACILITY],
      });
    });

    it('an approval queues one mail for the employee and one per other manager, held until the undo window ends', async () => {
      const id = await newPending('rec-e4');
      await decide(id, 'Approved');
      const decidedAt = t.clock.now();
      const rows = await outbox(approvalMailEvent(id));
      expect(rows.map((row) => row.recipient)).toEqual(
        [colleague.body.email, 'dee@recognition.example'].sort(),
      );
      const holdUntil = new Date(decidedAt.getTime() + 10 * 60_000).toISOString();
      for (const row of rows) {
        expect(row.next_attempt_at).toBe(holdUntil);
        expect(row.text).toContain(`Fresh words ${fresh}`);
        expect(`${row.subject}\n${row.text}`).not.toMatch(/Iris|Vale/);
      }
      const employeeMail = rows.find((row) => row.recipient === 'dee@recognition.example');
      expect(employeeMail?.text).toMatch(/\/recognition-opt-out#token=[0-9a-f]{64}/);
      expect(employeeMail?.subject).toBe(
        RECOGNITION_TEXT.mail.approvedSubject('Recognition House'),
      );
      const [audit] = await audits('acknowledgement.notified', id);
      expect(JSON.parse(audit?.detail_json ?? '{}')).toEqual({
        recipients: 2,
        employee_mailed: true,
        sends_after: holdUntil,
      });

      // Nothing goes out during the window; after it, each recipient gets it once.
      const delivered: MailMessage[] = [];
      await sendAll(delivered);
      expect(delivered.filter((mail) => mail.text.includes(`Fresh words ${fresh}`))).toEqual([]);
      t.clock.advanceMinutes(10);
      await sendAll(delivered);
      const mine = delivered.filter((mail) => mail.text.includes(`Fresh words ${fresh}`));
      expect(mine.map((mail) => mail.to).sort()).toEqual(
        [colleague.body.email, 'dee@recognition.example'].sort(),
      );
      await sendAll(delivered);
      expect(delivered.filter((mail) => mail.text.includes(`Fresh words ${fresh}`))).toHaveLength(
        2,
      );
    });

    it('an undone approval mails no one; an edit within the window rewrites the mails', async () => {
      const undone = await newPending('rec-e4');
      await decide(undone, 'Approved');
      expect(await outbox(approvalMailEvent(undone))).toHaveLength(2);
      expect((await undo(undone)).statusCode).toBe(200);
      expect(await outbox(approvalMailEvent(undone))).toEqual([]);
      const [audit] = await audits('acknowledgement.undone', undone);
      expect(JSON.parse(audit?.detail_json ?? '{}')).toMatchObject({ mails_withdrawn: 2 });

      const edited = await newPending('rec-e4');
      await decide(edited, 'Approved');
      const version = Number((await row(edited)).version);
      expect(
        (await edit(edited, { published_text: 'Kind to everyone.', version })).statusCode,
      ).toBe(200);
      const rows = await outbox(approvalMailEvent(edited));
      expect(rows).toHaveLength(2);
      for (const mail of rows) {
        expect(mail.text).toContain('Kind to everyone.');
        expect(mail.text).not.toContain(`Fresh words ${fresh}`);
      }
      expect(await audits('acknowledgement.notified', edited)).toHaveLength(1);
    });

    it('mails once per recipient even when the sender is killed mid-batch', async () => {
      t.clock.advanceMinutes(11);
      await sendAll([]);
      const ids: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        const id = await newPending('rec-e4');
        await decide(id, 'Approved');
        ids.push(id);
      }
      t.clock.advanceMinutes(11);
      const delivered: MailMessage[] = [];
      // The process dies while the third mail is with the mail server.
      void dyingSender(t, t.clock.now, delivered, 3).sender.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(delivered).toHaveLength(2);
      // A restarted server: nothing is taken again before the dead sender's lease ends.
      await sendAll(delivered);
      expect(delivered).toHaveLength(2);
      t.clock.advanceMinutes(OUTBOX_LEASE_MS / 60_000 + 1);
      await sendAll(delivered);
      const perRecipientAndEvent = new Map<string, number>();
      for (const mail of delivered) {
        const id = ids.find((candidate) => mail.text.includes(`Fresh words ${candidate.slice(6)}`));
        const key = `${mail.to} ${id}`;
        perRecipientAndEvent.set(key, (perRecipientAndEvent.get(key) ?? 0) + 1);
      }
      expect([...perRecipientAndEvent.values()].every((count) => count === 1)).toBe(true);
      // The third mail was handed over when the process died: it may arrive (the dead server
      // may have sent it) but the outbox never hands it over again after the lease.
      expect(delivered.length).toBeGreaterThanOrEqual(5);
      expect(delivered.length).toBeLessThanOrEqual(6);
    });

    it('an employee who opted out gets no more mails; the managers still do', async () => {
      const token = await ensureOptOutToken(t.db, t.config.sessionSecret, 'rec-e4');
      expect((await call(t, undefined, 'recognitionOptOut', { body: { token } })).statusCode).toBe(
        200,
      );
      const id = await newPending('rec-e4');
      await decide(id, 'Approved');
      const rows = await outbox(approvalMailEvent(id));
      expect(rows.map((mail) => mail.recipient)).toEqual([colleague.body.email]);
      const [audit] = await audits('acknowledgement.notified', id);
      expect(JSON.parse(audit?.detail_json ?? '{}')).toMatchObject({
        recipients: 1,
        employee_mailed: false,
      });
    });

    it('the weekly digest: each manager once per week, stale pending and the week’s approvals, no resident', async () => {
      const now = new Date('2026-11-24T08:00:00.000Z');
      const event = 'recognition:digest:fac-rec:2026-11-16';
      expect(await queueWeeklyDigests(t.db, t.config, now)).toBeGreaterThanOrEqual(1);
      const rows = await outbox(event);
      expect(rows.map((mail) => mail.recipient).sort()).toEqual(
        [manager.body.email, colleague.body.email].sort(),
      );
      const text = rows[0]?.text ?? '';
      expect(rows[0]?.subject).toBe(RECOGNITION_TEXT.mail.digestSubject('Recognition House'));
      expect(text).toContain('Reviews waiting more than 7 days: 2.');
      expect(text).toContain('- Ada Lane, since 2026-11-15');
      expect(text).toContain('- Cy Dunn, since 2026-11-16');
      expect(text).toMatch(/Approved this week: \d+\./);
      expect(text).not.toMatch(/Iris|Vale/);
      const digestAudits = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'acknowledgement.digest_sent')
        .where('target_id', '=', FACILITY)
        .execute();
      expect(digestAudits).toHaveLength(1);
      // Again in the same week: nothing more.
      const before = await t.counts();
      await queueWeeklyDigests(t.db, t.config, new Date('2026-11-27T08:00:00.000Z'));
      expect(await outbox(event)).toHaveLength(2);
      expect((await t.counts()).audit_events).toBe(before.audit_events);
    });
  });
});
