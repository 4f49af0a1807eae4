/**
 * The public calls of a survey link (DESIGN §9, ADR 059): tokens stored only as hashes, one
 * neutral 404 for unknown, expired and used links, idempotent answers stored with their channel
 * and raising the staff's alerts, unsubscribe, throttling, and no token in a log line.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  PUBLIC_SURVEY_MESSAGES,
  PublicSurveySchema,
  type Question,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { linkAnswers, makeSurveyLink } from '../../test/link-kit.js';
import { describeEachDialect, useTestApp } from '../../test/harness.js';
import { call, defaultAnswer, MAPLE, residentId } from '../../test/survey-kit.js';

/** The alerting option of "welcome" and a room score of 2: two alerts (as the staff's). */
function alerting(question: Question): string | null {
  if (question.key === 'welcome') return 'Not at all welcome';
  if (question.key === 'room') return '2';
  return defaultAnswer(question);
}

class LogLines {
  readonly raw: string[] = [];
  write(line: string): void {
    this.raw.push(line);
  }
}

describeEachDialect('survey links: the public calls', (dialect) => {
  const logs = new LogLines();
  const t = useTestApp(dialect, { seed: true, logs, config: { logLevel: 'info' } });
  let residentNumber = 0;
  /** Each test's link is of a resident of its own, so throttling and state stay apart. */
  const link = (options: Partial<Parameters<typeof makeSurveyLink>[1]> = {}) => {
    residentNumber += 1;
    return makeSurveyLink(t, {
      facilityId: MAPLE,
      residentId: residentId('maple-grove', residentNumber),
      ...options,
    });
  };
  const open = (token: string, query: Record<string, string> = {}) =>
    call(t, undefined, 'publicSurvey', { params: { token }, query });
  const answer = (token: string, key: string, body: Record<string, unknown>) =>
    call(t, undefined, 'publicSurveyAnswers', {
      params: { token },
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      body,
    });
  const neutral = { detail: PUBLIC_SURVEY_MESSAGES.linkNotValid };

  it("opens in the contact's language, says what it is about with the first name only, and is marked opened", async () => {
    const made = await link({ relation: 'child', language: 'es' });
    const resident = await t.db
      .selectFrom('residents')
      .select(['first_name', 'last_name'])
      .where('id', '=', made.residentId)
      .executeTakeFirstOrThrow();
    const response = await open(made.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const page = PublicSurveySchema.parse(response.json());
    expect(page.facility_name).toBe('Maple Grove Care Home');
    expect(page.language).toBe('es');
    expect(page.languages).toContain('en');
    expect(page.about).toBe(
      `Esta encuesta trata de la estancia de su padre o madre ${resident.first_name} en Maple Grove Care Home.`,
    );
    expect(response.body).not.toContain(resident.last_name);
    expect(page.questions.map((question) => question.id)).toEqual(
      made.questions.map((question) => question.id),
    );
    expect(page.answers_so_far).toEqual([]);
    const english = PublicSurveySchema.parse((await open(made.token, { language: 'en' })).json());
    expect(english.about).toBe(
      `This survey is about your parent ${resident.first_name}'s stay at Maple Grove Care Home.`,
    );
    const row = await t.db
      .selectFrom('survey_links')
      .select('opened_at')
      .where('id', '=', made.linkId)
      .executeTakeFirstOrThrow();
    expect(row.opened_at).not.toBeNull();
  });

  it('stores only the SHA-256 of a token, never the token', async () => {
    const made = await link();
    const stored = JSON.stringify([
      await t.db.selectFrom('survey_links').selectAll().execute(),
      await t.db.selectFrom('survey_link_tokens').selectAll().execute(),
      await t.db.selectFrom('audit_events').selectAll().execute(),
    ]);
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain(made.token);
    const hash = await t.db
      .selectFrom('survey_link_tokens')
      .select('token_hash')
      .where('link_id', '=', made.linkId)
      .executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    expect(hash.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
  });

  it('answers an unknown, an expired and a used link with the same neutral 404', async () => {
    const unknown = await open('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const expiring = await link();
    const used = await link();
    const submitted = await answer(used.token, 'used-1', {
      survey_answer_list: linkAnswers(used.questions),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const usedAgain = await open(used.token);
    t.clock.advanceMinutes(31 * 24 * 60);
    try {
      const expired = await open(expiring.token);
      for (const response of [unknown, usedAgain, expired]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(neutral);
      }
      const late = await answer(expiring.token, 'late-1', {
        survey_answer_list: linkAnswers(expiring.questions),
      });
      expect(late.statusCode).toBe(404);
      expect(late.json()).toEqual(neutral);
    } finally {
      t.clock.advanceMinutes(-31 * 24 * 60);
    }
  });

  it('stores the answers with their channel, raises the alerts, and answers a retry once', async () => {
    const made = await link({ surveyType: 'Admission', channel: 'sms' });
    const body = { survey_answer_list: linkAnswers(made.questions, alerting) };
    const first = await answer(made.token, 'retry-1', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ detail: PUBLIC_SURVEY_MESSAGES.thankYou });
    const before = await t.counts();
    const again = await answer(made.token, 'retry-1', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.counts()).toEqual(before);
    const other = await answer(made.token, 'retry-1', { survey_answer_list: [] });
    expect(other.statusCode).toBe(422);
    const secondKey = await answer(made.token, 'retry-2', body);
    expect(secondKey.statusCode).toBe(404);
    expect(secondKey.json()).toEqual(neutral);

    const linkRow = await t.db
      .selectFrom('survey_links')
      .select(['used_at', 'survey_id'])
      .where('id', '=', made.linkId)
      .executeTakeFirstOrThrow();
    expect(linkRow.used_at).not.toBeNull();
    const survey = await t.db
      .selectFrom('surveys')
      .selectAll()
      .where('id', '=', linkRow.survey_id ?? '')
      .executeTakeFirstOrThrow();
    expect(survey).toMatchObject({
      status: 'completed',
      channel: 'sms',
      respondent: 'family',
      survey_type: 'Admission',
      resident_id: made.residentId,
      submitted_by: null,
    });
    const answers = await t.db
      .selectFrom('answers')
      .select('question_id')
      .where('survey_id', '=', survey.id)
      .execute();
    expect(answers).toHaveLength(body.survey_answer_list.length);
    const alerts = await t.db
      .selectFrom('alerts')
      .select('question_key')
      .where('survey_id', '=', survey.id)
      .execute();
    expect(alerts.map((alert) => alert.question_key).sort()).toEqual(['room', 'welcome']);
    const results = await t.login('manager@carevoice.test');
    const detail = await call(t, results, 'resultsSurvey', { params: { surveyId: survey.id } });
    expect(detail.statusCode, detail.body).toBe(200);
  });

  it("refuses answers off the questionnaire's path with 400 and stores nothing", async () => {
    const made = await link();
    const before = await t.counts();
    const response = await answer(made.token, 'bad-1', {
      survey_answer_list: linkAnswers(made.questions).slice(1),
    });
    expect(response.statusCode).toBe(400);
    const after = await t.counts();
    expect({ ...after, login_attempts: 0 }).toEqual({ ...before, login_attempts: 0 });
  });

  it('unsubscribes the contact, stops its reminders, and works again after the survey was answered', async () => {
    const made = await link();
    await t.db
      .updateTable('survey_links')
      .set({ next_reminder_at: '2026-12-01T09:00:00.000Z' })
      .where('id', '=', made.linkId)
      .execute();
    const response = await call(t, undefined, 'publicSurveyUnsubscribe', {
      params: { token: made.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: PUBLIC_SURVEY_MESSAGES.unsubscribed });
    const contact = await t.db
      .selectFrom('contacts')
      .select(['opted_out', 'version'])
      .where('id', '=', made.contactId)
      .executeTakeFirstOrThrow();
    expect(Number(contact.opted_out)).toBe(1);
    const row = await t.db
      .selectFrom('survey_links')
      .select(['unsubscribed_at', 'next_reminder_at'])
      .where('id', '=', made.linkId)
      .executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).not.toBeNull();
    expect(row.next_reminder_at).toBeNull();
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', made.contactId)
      .execute();
    expect(audit).toEqual([{ action: 'contact.opted_out', actor_user_id: null }]);
    const answered = await answer(made.token, 'after-unsub', {
      survey_answer_list: linkAnswers(made.questions),
    });
    expect(answered.statusCode).toBe(200);
    const again = await call(t, undefined, 'publicSurveyUnsubscribe', {
      params: { token: made.token },
    });
    expect(again.statusCode).toBe(200);
  });

  describe('throttling', () => {
    it('pauses a token after 10 failures, for every address', async () => {
      const token = 'B'.repeat(43);
      for (let i = 0; i < 10; i += 1) {
        t.clock.advanceMinutes(1);
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/public/s/${token}/`,
          remoteAddress: `10.9.0.${i + 1}`,
        });
        expect(response.statusCode).toBe(404);
      }
      const paused = await t.app.inject({
        method: 'GET',
        url: `/api/v1/public/s/${token}/`,
        remoteAddress: '10.9.1.1',
      });
      expect(paused.statusCode).toBe(429);
      expect(paused.json()).toEqual({ detail: PUBLIC_SURVEY_MESSAGES.tooManyAttempts });
    });

    it('paces an address that tries many tokens', async () => {
      const address = '10.8.0.1';
      const statuses: number[] = [];
      for (let i = 0; i < 32; i += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/public/s/pace${String(i).padStart(39, '0')}/`,
          remoteAddress: address,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      const made = await link();
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: `/api/v1/public/s/${made.token}/`,
        remoteAddress: '10.8.0.2',
      });
      expect(elsewhere.statusCode).toBe(200);
    });
  });

  it('never writes a token to the log, also for a path no route matches', async () => {
    const made = await link();
    logs.raw.length = 0;
    await open(made.token);
    await t.app.inject({ method: 'GET', url: `/api/v1/public/s/${made.token}/nothing-here/` });
    await t.app.inject({ method: 'GET', url: `/s/${made.token}` });
    await t.app.inject({ method: 'GET', url: `/s/${made.token}/unsubscribe` });
    expect(logs.raw.length).toBeGreaterThanOrEqual(4);
    expect(logs.raw.join('')).not.toContain(made.token);
    expect(logs.raw.join('')).toContain('/api/v1/public/s/[redacted]');
  });
});
