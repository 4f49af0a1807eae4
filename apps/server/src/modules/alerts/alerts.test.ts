/**
 * Alerts that close the loop (DESIGN §8, issue 16, ADR 023): raised once per matching answer in
 * the submission's transaction, with one outbox mail per recipient; the inbox's transitions,
 * scoping, audit and the alert mail setting.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  type Alert,
  type AlertCountsResponse,
  type Question,
} from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithGrants } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  answerPath,
  answerRecords,
  call,
  defaultAnswer,
  HARBOR,
  MAPLE,
  openSurveys,
} from '../../test/survey-kit.js';
import { questionsOfSurvey } from '../surveys/surveys.service.js';
import { OutboxSender } from '../mail-outbox/mail-outbox.service.js';

/** Chooses the alerting option of "welcome" and a room score of 2 (below 4): two alerts. */
function alerting(question: Question): string | null {
  if (question.key === 'welcome') return 'Not at all welcome';
  if (question.key === 'room') return '2';
  return defaultAnswer(question);
}

describeEachDialect('alerts', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let staff: SignedIn;
  let results: SignedIn;
  let harborOnly: SignedIn;
  let surveyId: string;
  let raised: Alert[];

  beforeAll(async () => {
    staff = await t.login('staff@carevoice.test');
    results = await signInWithGrants(t, { permissions: ['Survey_Results'], facilityIds: [MAPLE] });
    harborOnly = await signInWithGrants(t, {
      permissions: ['Survey_Results'],
      facilityIds: [HARBOR],
    });
    const [survey] = await openSurveys(t, MAPLE, 'Admission');
    surveyId = (survey as { id: string }).id;
  });

  async function submit(key: string) {
    const questions = await questionsOfSurvey(t.db, {
      facility_id: MAPLE,
      survey_type: 'Admission',
      survey_set_id: null,
    });
    return call(t, staff, 'submitAnswers', {
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      body: {
        survey_answer_list: answerRecords(surveyId, answerPath(questions, alerting)),
        patient_id: surveyId,
        sf_user_id: staff.body.sf_user_id,
        ack_data: [],
      },
    });
  }

  describe('raising', () => {
    it('raises one alert per matching answer, in the submission, and one mail per recipient', async () => {
      const mailsBefore = await t.db.selectFrom('mail_outbox').selectAll().execute();
      const response = await submit('alerts-key-1');
      expect(response.statusCode, response.body).toBe(200);
      const alerts = await t.db
        .selectFrom('alerts')
        .selectAll()
        .where('survey_id', '=', surveyId)
        .execute();
      expect(alerts.map((alert) => alert.question_key).sort()).toEqual(['room', 'welcome']);
      expect(alerts.every((alert) => alert.status === 'open' && alert.facility_id === MAPLE)).toBe(
        true,
      );

      const mails = (await t.db.selectFrom('mail_outbox').selectAll().execute()).filter(
        (mail) => !mailsBefore.some((before) => before.id === mail.id),
      );
      // Recipients: Maple Grove's holders of Survey_Results (or all permissions), mail on.
      const recipients = mails.map((mail) => mail.recipient).sort();
      expect(recipients).toContain('manager@carevoice.test');
      expect(recipients).toContain('admin@carevoice.test');
      expect(recipients).toContain('office@carevoice.test');
      expect(recipients).not.toContain('staff@carevoice.test');
      expect(new Set(recipients).size).toBe(recipients.length);
      const resident = await t.db
        .selectFrom('surveys')
        .innerJoin('residents', 'residents.id', 'surveys.resident_id')
        .select(['residents.first_name', 'residents.last_name'])
        .where('surveys.id', '=', surveyId)
        .executeTakeFirstOrThrow();
      for (const mail of mails) {
        expect(mail.subject).toBe(
          'CareVoice: a resident reported a problem at Maple Grove Care Home',
        );
        expect(mail.text).toContain('/results/alerts');
        for (const secret of [resident.first_name, resident.last_name, 'Not at all welcome']) {
          expect(mail.subject + mail.text).not.toContain(secret);
        }
      }
      const audits = await t.db
        .selectFrom('audit_events')
        .select('target_id')
        .where('action', '=', 'alert.raised')
        .execute();
      expect(audits.map((row) => row.target_id)).toEqual(
        expect.arrayContaining(alerts.map((a) => a.id)),
      );
    });

    it('a resubmission with the same key raises nothing more', async () => {
      const before = await t.counts();
      const response = await submit('alerts-key-1');
      expect(response.statusCode, response.body).toBe(200);
      const after = await t.counts();
      expect(after.alerts).toBe(before.alerts);
      expect(after.mail_outbox).toBe(before.mail_outbox);
    });
    it('raises the alerts with nobody to mail, and queues no mail', async () => {
      const mailed = await t.db
        .selectFrom('users')
        .select('id')
        .where('alert_mail', '=', 1)
        .execute();
      await t.db.updateTable('users').set({ alert_mail: 0 }).execute();
      try {
        const [next] = await openSurveys(t, MAPLE, 'Admission');
        const id = (next as { id: string }).id;
        surveyId = id;
        const response = await submit('alerts-key-nobody');
        expect(response.statusCode, response.body).toBe(200);
        const alerts = await t.db
          .selectFrom('alerts')
          .select('question_key')
          .where('survey_id', '=', id)
          .execute();
        expect(alerts.map((alert) => alert.question_key).sort()).toEqual(['room', 'welcome']);
        const mails = await t.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('event', '=', `alerts:survey:${id}`)
          .execute();
        expect(mails).toEqual([]);
      } finally {
        await t.db
          .updateTable('users')
          .set({ alert_mail: 1 })
          .where(
            'id',
            'in',
            mailed.map((user) => user.id),
          )
          .execute();
      }
    });
  });

  describe('the inbox', () => {
    it('lists the alerts of the held facilities, newest first, with what was answered', async () => {
      const response = await call(t, results, 'alerts', { query: { status: 'open' } });
      expect(response.statusCode, response.body).toBe(200);
      raised = response.json<Alert[]>().filter((alert) => alert.survey_id === surveyId);
      expect(raised.map((alert) => alert.answer).sort()).toEqual(['2', 'Not at all welcome']);
      expect(response.json<Alert[]>().every((alert) => alert.facility_id === MAPLE)).toBe(true);
      expect(raised[0]?.overdue).toBe(false);
    });

    it('counts open alerts for the tile, and overdue ones after 48 hours', async () => {
      const counts = async () =>
        (
          await call(t, results, 'alertCounts', { query: { facility_id: MAPLE } })
        ).json<AlertCountsResponse>();
      const now = await counts();
      expect(now.open).toBeGreaterThanOrEqual(2);
      // Raised 49 hours ago (moving the clock would end the session).
      const earlier = new Date(t.clock.now().getTime() - 49 * 3_600_000).toISOString();
      await t.db
        .updateTable('alerts')
        .set({ raised_at: earlier })
        .where('survey_id', '=', surveyId)
        .execute();
      const later = await counts();
      expect(later.overdue).toBeGreaterThanOrEqual(now.overdue + 2);
      const listed = (await call(t, results, 'alerts', { query: { status: 'open' } })).json<
        Alert[]
      >();
      expect(listed.find((alert) => alert.id === raised[0]?.id)?.overdue).toBe(true);
    });

    it('acknowledges, then resolves with a note, saying who and when; other moves are 409', async () => {
      const alert = raised[0] as Alert;
      const ack = await call(t, results, 'alertAcknowledge', { params: { alertId: alert.id } });
      expect(ack.statusCode, ack.body).toBe(200);
      expect(ack.json<Alert>()).toMatchObject({
        status: 'acknowledged',
        acknowledged_by: expect.any(String),
      });
      const again = await call(t, results, 'alertAcknowledge', { params: { alertId: alert.id } });
      expect(again.statusCode).toBe(409);
      const resolved = await call(t, results, 'alertResolve', {
        params: { alertId: alert.id },
        body: { note: 'Met the resident and fixed the room.' },
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json<Alert>()).toMatchObject({
        status: 'resolved',
        note: 'Met the resident and fixed the room.',
        overdue: false,
      });
      expect(resolved.json<Alert>().resolved_at).not.toBeNull();
      const twice = await call(t, results, 'alertResolve', {
        params: { alertId: alert.id },
        body: { note: 'again' },
      });
      expect(twice.statusCode).toBe(409);
      const ackResolved = await call(t, results, 'alertAcknowledge', {
        params: { alertId: alert.id },
      });
      expect(ackResolved.statusCode).toBe(409);
      const audits = await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('target_id', '=', alert.id)
        .orderBy('occurred_at')
        .execute();
      expect(audits.map((row) => row.action)).toEqual([
        'alert.raised',
        'alert.acknowledged',
        'alert.resolved',
      ]);
    });

    it('resolves an open alert directly; an empty note is 400', async () => {
      const alert = raised[1] as Alert;
      const empty = await call(t, results, 'alertResolve', {
        params: { alertId: alert.id },
        body: { note: '  ' },
      });
      expect(empty.statusCode).toBe(400);
      const resolved = await call(t, results, 'alertResolve', {
        params: { alertId: alert.id },
        body: { note: 'Called the family.' },
      });
      expect(resolved.json<Alert>()).toMatchObject({
        status: 'resolved',
        acknowledged_by: expect.any(String),
      });
    });

    it('refuses an alert of a facility the user does not hold (403) and an unknown one (404)', async () => {
      const alert = raised[0] as Alert;
      const other = await call(t, harborOnly, 'alertAcknowledge', {
        params: { alertId: alert.id },
      });
      expect(other.statusCode).toBe(403);
      const list = await call(t, harborOnly, 'alerts', { query: { facility_id: MAPLE } });
      expect(list.statusCode).toBe(403);
      const unknown = await call(t, results, 'alertAcknowledge', { params: { alertId: 'nope' } });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('alert mail', () => {
    it('is on by default; switched off, the user gets no mail for the next alert', async () => {
      const get = await call(t, results, 'alertMail');
      expect(get.json()).toEqual({ alert_mail: true });
      const put = await call(t, results, 'alertMailUpdate', { body: { alert_mail: false } });
      expect(put.json()).toEqual({ alert_mail: false });
      expect((await call(t, results, 'alertMail')).json()).toEqual({ alert_mail: false });
      const user = await t.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', results.body.sf_user_id)
        .executeTakeFirstOrThrow();
      const [, next] = await openSurveys(t, MAPLE, 'Admission');
      surveyId = (next as { id: string }).id;
      expect((await submit('alerts-key-2')).statusCode).toBe(200);
      const mails = await t.db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('event', '=', `alerts:survey:${surveyId}`)
        .execute();
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.map((mail) => mail.recipient)).not.toContain(user.email);
    });

    it('is sent by the outbox sender through the mailer', async () => {
      const sender = new OutboxSender({
        db: t.db,
        dialect: t.dialect,
        secret: t.config.sessionSecret,
        mailer: t.mail,
        now: t.clock.now,
        batchSize: 500,
      });
      const before = t.mail.sent.length;
      const turn = await sender.runOnce();
      expect(turn.sent).toBeGreaterThan(0);
      expect(t.mail.sent.length - before).toBe(turn.sent);
      expect((await sender.runOnce()).sent).toBe(0);
    });
  });
});
