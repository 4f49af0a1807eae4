import {
  answerAndAdvance,
  initialRunnerState,
  type PathAnswer,
  BEDSIDE_TEXT,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  QuestionsResponseSchema,
  type Question,
  type SubmitAnswersRequest,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../env.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { answerRecords, call, defaultAnswer, MAPLE, openSurveys } from '../../test/survey-kit.js';

let keyCount = 0;
const newKey = () => `bedside-key-${Date.now()}-${(keyCount += 1)}`;

/** Declines the first question with `nonAnswer`, answers the rest with the default answer. */
function pathDecliningFirst(questions: readonly Question[], nonAnswer: 'Refused' | "Don't know") {
  let state = initialRunnerState;
  while (state.index < questions.length) {
    const question = questions[state.index] as Question;
    const first = state.index === 0;
    const result = first
      ? answerAndAdvance(questions, state, null, nonAnswer)
      : answerAndAdvance(questions, state, defaultAnswer(question));
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
  }
  return state.history as PathAnswer[];
}

describe('IDLE_LOCK_MINUTES', () => {
  it('defaults to 5, accepts 0 (never) and fractions, refuses negatives and words', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/carevoice-env-test' };
    expect(loadConfig(base).idleLockMinutes).toBe(5);
    expect(loadConfig({ ...base, IDLE_LOCK_MINUTES: '0' }).idleLockMinutes).toBe(0);
    expect(loadConfig({ ...base, IDLE_LOCK_MINUTES: '0.1' }).idleLockMinutes).toBe(0.1);
    expect(() => loadConfig({ ...base, IDLE_LOCK_MINUTES: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, IDLE_LOCK_MINUTES: 'soon' })).toThrow(ConfigError);
  });
});

describeEachDialect('at the bedside', (dialect) => {
  const t = useTestApp(dialect, { seed: true, config: { idleLockMinutes: 3 } });
  const used = new Set<string>();
  const takeOpenSurvey = async (type: 'Admission' | 'Discharge' = 'Admission') => {
    const survey = (await openSurveys(t, MAPLE, type)).find(({ id }) => !used.has(id));
    if (!survey) throw new Error(`no open ${type} survey left`);
    used.add(survey.id);
    return survey;
  };
  const questionsOf = async (who: SignedIn) =>
    QuestionsResponseSchema.parse(
      (
        await call(t, who, 'questions', { params: { surveyType: 'Admission', facilityId: MAPLE } })
      ).json(),
    );
  const surveyRow = (id: string) =>
    t.db
      .selectFrom('surveys')
      .select(['status', 'respondent', 'submitted_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('the lock', () => {
    it('me/ tells the tablet when to lock and whether the user has a PIN', async () => {
      const staff = await t.login('staff@carevoice.test');
      const me = (await call(t, staff, 'me')).json<{
        idle_lock_minutes: number;
        pin_set: boolean;
      }>();
      expect(me.idle_lock_minutes).toBe(3);
      expect(me.pin_set).toBe(false);
    });

    it('a PIN set with the password unlocks; the password unlocks too; a wrong one is 400 and audited', async () => {
      const manager = await t.login('manager@carevoice.test');
      const wrongPassword = await call(t, manager, 'accountPin', {
        body: { password: 'not-the-password', pin: '1357' },
      });
      expect(wrongPassword.statusCode).toBe(400);

      const set = await call(t, manager, 'accountPin', {
        body: { password: 'carevoice-demo', pin: '1357' },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ detail: BEDSIDE_TEXT.pin.saved });
      expect((await call(t, manager, 'me')).json<{ pin_set: boolean }>().pin_set).toBe(true);

      const byPin = await call(t, manager, 'unlock', { body: { secret: '1357' } });
      expect(byPin.statusCode, byPin.body).toBe(200);
      const byPassword = await call(t, manager, 'unlock', { body: { secret: 'carevoice-demo' } });
      expect(byPassword.statusCode).toBe(200);
      const wrong = await call(t, manager, 'unlock', { body: { secret: '9999' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ detail: MESSAGES.unlockWrong });

      const audited = await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('action', 'in', ['account.pin_set', 'auth.unlock_failed'])
        .execute();
      expect(audited.map((row) => row.action).sort()).toEqual([
        'account.pin_set',
        'auth.unlock_failed',
      ]);
      const stored = await t.db
        .selectFrom('users')
        .select('pin_hash')
        .where('email', '=', 'manager@carevoice.test')
        .executeTakeFirstOrThrow();
      expect(stored.pin_hash).not.toContain('1357');

      const removed = await call(t, manager, 'accountPin', {
        body: { password: 'carevoice-demo', pin: null },
      });
      expect(removed.json()).toEqual({ detail: BEDSIDE_TEXT.pin.removed });
      expect((await call(t, manager, 'unlock', { body: { secret: '1357' } })).statusCode).toBe(400);
    });

    it('a PIN is 4 to 6 digits', async () => {
      const staff = await t.login('staff@carevoice.test');
      for (const pin of ['123', '1234567', '12a4']) {
        const response = await call(t, staff, 'accountPin', {
          body: { password: 'carevoice-demo', pin },
        });
        expect(response.statusCode, pin).toBe(400);
      }
    });

    it('wrong unlock tries are throttled like sign-in (429 after repeated failures)', async () => {
      const preview = await t.login('preview@carevoice.test');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await call(t, preview, 'unlock', { body: { secret: `000${i}` } })).statusCode,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses[3]).toBe(429);
    });
  });

  describe('honest non-answers and who answered', () => {
    it('stores Refused as a non-answer (never a bare null), with the respondent, and prints it', async () => {
      const staff = await t.login('staff@carevoice.test');
      const survey = await takeOpenSurvey();
      const questions = await questionsOf(staff);
      const path = pathDecliningFirst(questions, 'Refused');
      const body: SubmitAnswersRequest = {
        survey_answer_list: answerRecords(survey.id, path).map((record, index) => ({
          ...record,
          Non_Answer__c: path[index]?.nonAnswer ?? null,
        })),
        patient_id: survey.id,
        sf_user_id: staff.body.sf_user_id,
        ack_data: [],
        respondent: 'family',
      };
      const response = await call(t, staff, 'submitAnswers', {
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
      });
      expect(response.statusCode, response.body).toBe(200);
      const first = await t.db
        .selectFrom('answers')
        .select(['answer', 'non_answer', 'answer_key'])
        .where('survey_id', '=', survey.id)
        .where('position', '=', 0)
        .executeTakeFirstOrThrow();
      expect(first).toEqual({ answer: null, non_answer: 'Refused', answer_key: null });
      expect(await surveyRow(survey.id)).toMatchObject({
        status: 'completed',
        respondent: 'family',
      });

      // Results count the declined answer apart, and the survey's detail says how it was declined.
      const detail = await call(t, staff, 'resultsSurvey', { params: { surveyId: survey.id } });
      if (detail.statusCode === 200) {
        const answers = detail.json<{ answers: { non_answer: string | null }[] }>().answers;
        expect(answers[0]?.non_answer).toBe('Refused');
      }
      const admin = await t.login('admin@carevoice.test');
      const results = await call(t, admin, 'resultsQuestions', {
        query: { facility_id: MAPLE, survey_type: 'Admission' },
      });
      expect(results.statusCode, results.body).toBe(200);
      const declined = results
        .json<{ question_key: string; non_answers: number }[]>()
        .find((question) => question.question_key === questions[0]?.key);
      expect(declined?.non_answers).toBeGreaterThanOrEqual(1);

      const printed = await call(t, staff, 'fetchAnswers', {
        body: { survey_id_list: [survey.id] },
      });
      expect(printed.json<{ data: { non_answer: string | null }[] }>().data[0]?.non_answer).toBe(
        'Refused',
      );
    });

    it('a submission without a respondent is the resident’s', async () => {
      const staff = await t.login('staff@carevoice.test');
      const survey = await takeOpenSurvey();
      const questions = await questionsOf(staff);
      const path = pathDecliningFirst(questions, "Don't know");
      const response = await call(t, staff, 'submitAnswers', {
        body: {
          survey_answer_list: answerRecords(survey.id, path).map((record, index) => ({
            ...record,
            Non_Answer__c: path[index]?.nonAnswer ?? null,
          })),
          patient_id: survey.id,
          sf_user_id: staff.body.sf_user_id,
          ack_data: [],
        },
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await surveyRow(survey.id)).respondent).toBe('resident');
    });

    it('an answer and a non-answer on one question is 400, and nothing is written', async () => {
      const staff = await t.login('staff@carevoice.test');
      const survey = await takeOpenSurvey();
      const questions = await questionsOf(staff);
      const path = pathDecliningFirst(questions, 'Refused');
      const records = answerRecords(survey.id, path).map((record, index) => ({
        ...record,
        Answer__c: index === 0 ? 'Yes' : record.Answer__c,
        Non_Answer__c: path[index]?.nonAnswer ?? null,
      }));
      const response = await call(t, staff, 'submitAnswers', {
        body: {
          survey_answer_list: records,
          patient_id: survey.id,
          sf_user_id: staff.body.sf_user_id,
          ack_data: [],
        },
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
      });
      expect(response.statusCode).toBe(400);
      expect((await surveyRow(survey.id)).status).toBe('due');
    });
  });

  describe('consent refused', () => {
    it('closes the survey as consent_refused with who declined; it leaves the due list; a submission after it is 409', async () => {
      const staff = await t.login('staff@carevoice.test');
      const survey = await takeOpenSurvey('Discharge');
      const response = await call(t, staff, 'consentRefused', {
        body: { patientId: survey.id, respondent: 'representative' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ detail: BEDSIDE_TEXT.consentRefusedSaved });
      expect(await surveyRow(survey.id)).toEqual({
        status: 'consent_refused',
        respondent: 'representative',
        submitted_by: staff.body.sf_user_id,
      });

      const list = await call(t, staff, 'surveyList', {
        params: { facilityId: MAPLE, surveyType: 'Discharge' },
      });
      expect(
        list.json<{ survey_list: { id: string }[] }>().survey_list.map((s) => s.id),
      ).not.toContain(survey.id);

      const again = await call(t, staff, 'consentRefused', {
        body: { patientId: survey.id, respondent: 'resident' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: MESSAGES.surveyConsentRefused });

      const audit = await t.db
        .selectFrom('audit_events')
        .select(['action', 'target_id'])
        .where('action', '=', 'survey.consent_refused')
        .execute();
      expect(audit).toEqual([{ action: 'survey.consent_refused', target_id: survey.id }]);
    });

    it('an unknown respondent is 400', async () => {
      const staff = await t.login('staff@carevoice.test');
      const survey = await takeOpenSurvey('Discharge');
      const response = await call(t, staff, 'consentRefused', {
        body: { patientId: survey.id, respondent: 'neighbour' },
      });
      expect(response.statusCode).toBe(400);
      expect((await surveyRow(survey.id)).status).toBe('due');
    });
  });
});
