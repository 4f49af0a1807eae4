import {
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  QuestionsResponseSchema,
  type AcknowledgementEntry,
  type PathAnswer,
  type Question,
  type SubmitAnswersRequest,
  type ResidentSurveyType,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { addDays, localToday } from '../../db/values.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  answerPath,
  answerRecords,
  call,
  defaultAnswer,
  HARBOR,
  MAPLE,
  openSurveys,
  signInNewUser,
} from '../../test/survey-kit.js';

const ANSWER_TEXT = 'Private answer text 4711';
const COMMENT_TEXT = 'Private comment text 4712';
const REVIEW_TEXT = 'Private review text 4713';

/** Answers Text questions with ANSWER_TEXT, everything else with the default answer. */
const withText = (question: Question) =>
  question.type === 'Text' ? ANSWER_TEXT : defaultAnswer(question);

let keyCount = 0;
const newKey = () => `test-key-${Date.now()}-${(keyCount += 1)}`;

describeEachDialect('survey submission', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const used = new Set<string>();
  const staff = () => t.login('staff@carevoice.test');

  const takeOpenSurvey = async (type: ResidentSurveyType = 'Admission', facility = MAPLE) => {
    const survey = (await openSurveys(t, facility, type)).find(({ id }) => !used.has(id));
    if (!survey) throw new Error(`no open ${type} survey left`);
    used.add(survey.id);
    return survey;
  };
  const questionsOf = async (who: SignedIn, surveyType: ResidentSurveyType = 'Admission') => {
    const response = await call(t, who, 'questions', {
      params: { surveyType, facilityId: MAPLE },
    });
    return QuestionsResponseSchema.parse(response.json());
  };
  const review = (code: string, comment = REVIEW_TEXT): AcknowledgementEntry => ({
    id: code,
    name: 'Shown Name',
    position: 'Shown Position',
    department: 'Shown Department',
    comment,
  });
  const bodyFor = (
    who: SignedIn,
    surveyId: string,
    path: readonly PathAnswer[],
    ackData: AcknowledgementEntry[] = [],
  ): SubmitAnswersRequest => ({
    survey_answer_list: answerRecords(surveyId, path),
    patient_id: surveyId,
    sf_user_id: who.body.sf_user_id,
    ack_data: ackData,
  });
  /** `key: null` sends no Idempotency-Key header. */
  const submit = (who: SignedIn | undefined, body: unknown, key: string | null = newKey()) =>
    call(t, who, 'submitAnswers', {
      body,
      headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
    });
  const statusOf = async (surveyId: string) =>
    (
      await t.db
        .selectFrom('surveys')
        .select('status')
        .where('id', '=', surveyId)
        .executeTakeFirstOrThrow()
    ).status;

  describe('a valid submission', () => {
    it('stores the answers in order, pending acknowledgements, completes the survey and audits it without answer text', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const questions = await questionsOf(who);
      const path = answerPath(questions, withText);
      expect(path.map((entry) => entry.answer)).toContain(ANSWER_TEXT);
      const body = bodyFor(who, survey.id, path, [review('E1001'), review('E1002', '  Kind.  ')]);
      body.survey_answer_list[0]!.Comment__c = COMMENT_TEXT;
      const before = await t.counts();

      const response = await submit(who, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ survey_id_list: [survey.id] });
      expect(response.headers['idempotent-replayed']).toBeUndefined();

      expect(await t.counts()).toEqual({
        ...before,
        answers: before.answers! + path.length,
        acknowledgements: before.acknowledgements! + 2,
        idempotency_keys: before.idempotency_keys! + 1,
        audit_events: before.audit_events! + 1,
      });
      const row = await t.db
        .selectFrom('surveys')
        .selectAll()
        .where('id', '=', survey.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'completed',
        submitted_by: who.body.sf_user_id,
        submitted_at: t.clock.now().toISOString(),
      });
      const answers = await t.db
        .selectFrom('answers')
        .select(['question_id', 'position', 'answer', 'comment'])
        .where('survey_id', '=', survey.id)
        .orderBy('position')
        .execute();
      expect(answers).toEqual(
        path.map((entry, position) => ({
          question_id: entry.questionId,
          position,
          answer: entry.answer,
          comment: position === 0 ? COMMENT_TEXT : null,
        })),
      );
      const acknowledgements = await t.db
        .selectFrom('acknowledgements')
        .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
        .select([
          'employees.code',
          'acknowledgements.comment',
          'acknowledgements.status',
          'acknowledgements.facility_id',
        ])
        .where('acknowledgements.survey_id', '=', survey.id)
        .orderBy('employees.code')
        .execute();
      expect(acknowledgements).toEqual([
        { code: 'E1001', comment: REVIEW_TEXT, status: 'pending', facility_id: MAPLE },
        { code: 'E1002', comment: 'Kind.', status: 'pending', facility_id: MAPLE },
      ]);

      const audit = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'survey.submitted')
        .where('target_id', '=', survey.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_user_id: who.body.sf_user_id,
        target_type: 'survey',
        facility_id: MAPLE,
      });
      expect(JSON.parse(audit.detail_json!)).toEqual({
        survey_type: 'Admission',
        questionnaire_version: 1,
        respondent: 'resident',
        answers: path.length,
        non_answers: 0,
        acknowledgements: 2,
      });
      for (const secret of [ANSWER_TEXT, COMMENT_TEXT, REVIEW_TEXT]) {
        expect(audit.detail_json).not.toContain(secret);
      }

      const list = await call(t, who, 'surveyList', {
        params: { facilityId: MAPLE, surveyType: 'Admission' },
      });
      expect(list.json().survey_list.map((item: { id: string }) => item.id)).not.toContain(
        survey.id,
      );

      const printed = await call(t, who, 'fetchAnswers', {
        body: { survey_id_list: [survey.id] },
      });
      expect(printed.statusCode).toBe(200);
      const name = (id: string) => questions.find((question) => question.id === id)?.name;
      expect(printed.json()).toEqual({
        data: path.map((entry, index) => ({
          question: name(entry.questionId),
          answer: entry.answer,
          comment: index === 0 ? COMMENT_TEXT : null,
        })),
      });
    });

    it('accepts a delayed Discharge survey, MultiPicklist labels in any order, blank comments', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey('Discharge');
      const delayed = await call(t, who, 'delaySurvey', {
        body: { date: addDays(localToday(t.clock.now()), 2), patientId: survey.id },
      });
      expect(delayed.statusCode).toBe(200);
      const questions = await questionsOf(who, 'Discharge');
      const multi = questions.find((question) => question.type === 'MultiPicklist')!;
      const [first, second] = Object.keys(multi.values);
      const path = answerPath(questions, (question) =>
        question.id === multi.id ? `${second};${first}` : defaultAnswer(question),
      );
      expect(path.map((entry) => entry.questionId)).toContain(multi.id);
      const body = bodyFor(who, survey.id, path);
      body.survey_answer_list.forEach((answer) => (answer.Comment__c = '  '));
      const response = await submit(who, body);
      expect(response.statusCode).toBe(200);
      const stored = await t.db
        .selectFrom('answers')
        .select(['answer', 'comment'])
        .where('survey_id', '=', survey.id)
        .where('question_id', '=', multi.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ answer: `${first};${second}`, comment: null });
    });

    it('accepts a 100-character key of letters, digits, "_" and "-"', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const path = answerPath(await questionsOf(who));
      const key = `Ab9_-${'x'.repeat(95)}`;
      const response = await submit(who, bodyFor(who, survey.id, path), key);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('idempotency', () => {
    it('replays the same key and body with the first answer and writes nothing', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const body = bodyFor(who, survey.id, answerPath(await questionsOf(who)), [review('E1003')]);
      const key = newKey();
      const first = await submit(who, body, key);
      expect(first.statusCode).toBe(200);
      const before = await t.counts();

      const replay = await submit(who, body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await t.counts()).toEqual(before);

      const changed = await submit(
        who,
        { ...body, ack_data: [review('E1003', 'Another text')] },
        key,
      );
      expect(changed.statusCode).toBe(422);
      expect(changed.json()).toEqual({ detail: MESSAGES.idempotencyKeyReused });
      expect(await t.counts()).toEqual(before);

      const otherKey = await submit(who, body);
      expect(otherKey.statusCode).toBe(409);
      expect(otherKey.json()).toEqual({ detail: MESSAGES.surveyAlreadyCompleted });
      expect(await t.counts()).toEqual(before);
    });

    it('two concurrent requests with the same key store one set of answers and both answer 200', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const path = answerPath(await questionsOf(who));
      const body = bodyFor(who, survey.id, path, [review('E1004')]);
      const key = newKey();
      const before = await t.counts();
      const responses = await Promise.all([
        submit(who, body, key),
        submit(who, body, key),
        submit(who, body, key),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      for (const response of responses) {
        expect(response.json()).toEqual({ survey_id_list: [survey.id] });
      }
      expect(
        responses.filter((response) => response.headers['idempotent-replayed'] === 'true'),
      ).toHaveLength(2);
      expect(await t.counts()).toEqual({
        ...before,
        answers: before.answers! + path.length,
        acknowledgements: before.acknowledgements! + 1,
        idempotency_keys: before.idempotency_keys! + 1,
        audit_events: before.audit_events! + 1,
      });
    });

    it('two concurrent requests with different keys for one survey: one 200, the other 409', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const path = answerPath(await questionsOf(who));
      const body = bodyFor(who, survey.id, path);
      const before = await t.counts();
      const responses = await Promise.all([submit(who, body), submit(who, body)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect((await t.counts()).answers).toBe(before.answers! + path.length);
    });

    it('refuses a missing or malformed Idempotency-Key with 400 and writes nothing', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const body = bodyFor(who, survey.id, answerPath(await questionsOf(who)));
      const before = await t.counts();
      const missing = await submit(who, body, null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ detail: MESSAGES.idempotencyKeyMissing });
      for (const key of ['', 'has space', 'semi;colon', 'ümlaut', 'x'.repeat(101)]) {
        const response = await submit(who, body, key);
        expect(response.statusCode, key).toBe(400);
        expect(response.json(), key).toEqual({ detail: MESSAGES.idempotencyKeyInvalid });
      }
      expect(await t.counts()).toEqual(before);
      expect(await statusOf(survey.id)).toBe('due');
    });
  });

  describe('invalid submissions', () => {
    it('refuses every wrong answer path with 400, a detail saying what is wrong, and writes nothing', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const questions = await questionsOf(who);
      const path = answerPath(questions, withText);
      const name = (id: string) => questions.find((question) => question.id === id)!.name;
      const at = (type: string) => {
        const index = path.findIndex(
          (entry) => questions.find((question) => question.id === entry.questionId)?.type === type,
        );
        expect(index, type).toBeGreaterThanOrEqual(0);
        return index;
      };
      const requiredIndex = path.findIndex(
        (entry, index) =>
          index > 0 &&
          questions.find((question) => question.id === entry.questionId)?.validation_logic.required,
      );
      const replaced = (index: number, answer: string | null) =>
        path.map((entry, n) => (n === index ? { ...entry, answer } : entry));
      const radio = at('Radio');
      const number = at('Number');
      const multi = at('MultiPicklist');

      const cases: [string, PathAnswer[], string][] = [
        [
          'wrong question order',
          [path[1]!, path[0]!, ...path.slice(2)],
          MESSAGES.answerOutOfOrder(1, name(path[0]!.questionId)),
        ],
        [
          'a required question skipped',
          path.filter((_, index) => index !== requiredIndex),
          MESSAGES.answerOutOfOrder(requiredIndex + 1, name(path[requiredIndex]!.questionId)),
        ],
        [
          'a required question answered null',
          replaced(radio, null),
          MESSAGES.answerMissing(radio + 1, name(path[radio]!.questionId)),
        ],
        [
          'a required question answered blank',
          replaced(radio, '   '),
          MESSAGES.answerMissing(radio + 1, name(path[radio]!.questionId)),
        ],
        [
          'an answer that is not an option',
          replaced(radio, 'Fantastic'),
          MESSAGES.answerNotAnOption(radio + 1, name(path[radio]!.questionId)),
        ],
        [
          'a Number answer that is not a number',
          replaced(number, 'seven'),
          MESSAGES.answerNotANumber(number + 1, name(path[number]!.questionId)),
        ],
        [
          'a MultiPicklist answer with an unknown label',
          replaced(multi, `${path[multi]!.answer};Spa`),
          MESSAGES.answerNotAnOption(multi + 1, name(path[multi]!.questionId)),
        ],
        [
          'the last answer missing',
          path.slice(0, -1),
          MESSAGES.answersIncomplete(name(path.at(-1)!.questionId)),
        ],
        ['an answer after the end', [...path, path[0]!], MESSAGES.answerAfterEnd(path.length + 1)],
        ['no answers at all', [], MESSAGES.answersIncomplete(name(path[0]!.questionId))],
      ];
      const before = await t.counts();
      for (const [label, answers, detail] of cases) {
        const response = await submit(who, bodyFor(who, survey.id, answers));
        expect(response.statusCode, label).toBe(400);
        expect(response.json(), label).toEqual({ detail });
      }
      expect(await t.counts()).toEqual(before);
      expect(await statusOf(survey.id)).toBe('due');
    });

    it('refuses answers of another survey, unknown, inactive or other-facility employees and an empty review with 400', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const other = await takeOpenSurvey();
      const path = answerPath(await questionsOf(who));
      const valid = bodyFor(who, survey.id, path);
      const inactive = await t.db
        .selectFrom('employees')
        .select('code')
        .where('facility_id', '=', MAPLE)
        .where('active', '=', 0)
        .executeTakeFirstOrThrow();
      const harborEmployee = await t.db
        .selectFrom('employees')
        .select('code')
        .where('facility_id', '=', HARBOR)
        .where('active', '=', 1)
        .executeTakeFirstOrThrow();
      const before = await t.counts();

      const mixed = structuredClone(valid);
      mixed.survey_answer_list[1]!.Patient_Survey__c = other.id;
      const mismatch = await submit(who, mixed);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ detail: MESSAGES.answerOtherSurvey });

      for (const code of ['E9999', inactive.code, harborEmployee.code, 'EMP-1001']) {
        const response = await submit(who, { ...valid, ack_data: [review('E1001'), review(code)] });
        expect(response.statusCode, code).toBe(400);
        expect(response.json(), code).toEqual({
          detail: MESSAGES.acknowledgedEmployeeUnknown(2, code),
        });
      }

      const emptyReview = await submit(who, { ...valid, ack_data: [review('E1001', '   ')] });
      expect(emptyReview.statusCode).toBe(400);
      expect(emptyReview.json()).toEqual({
        detail: MESSAGES.badRequest,
        errors: { 'ack_data.0.comment': MESSAGES.reviewRequired },
      });

      for (const body of [
        {},
        { ...valid, survey_answer_list: undefined },
        { ...valid, ack_data: 'none' },
        { ...valid, patient_id: 'not an id' },
        {
          ...valid,
          survey_answer_list: [{ ...valid.survey_answer_list[0], Answer__c: 7 }],
        },
        {
          ...valid,
          survey_answer_list: [{ ...valid.survey_answer_list[0], Survey_Question__c: undefined }],
        },
      ]) {
        const response = await submit(who, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json().detail).toBe(MESSAGES.badRequest);
      }
      expect(await t.counts()).toEqual(before);
      expect(await statusOf(survey.id)).toBe('due');
    });

    it('refuses a survey marked not completable with 409', async () => {
      const who = await staff();
      const survey = await takeOpenSurvey();
      const body = bodyFor(who, survey.id, answerPath(await questionsOf(who)));
      const discharged = await call(t, who, 'residentDischarged', {
        body: { user_id: who.body.sf_user_id, patientId: survey.id, reason: 'Left AMA' },
      });
      expect(discharged.statusCode).toBe(200);
      const before = await t.counts();
      const response = await submit(who, body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: MESSAGES.surveyNotCompletable });
      expect(await t.counts()).toEqual(before);
    });
  });

  describe('access', () => {
    it('refuses no session (401), no Patients_Surveys (403), another user id (403), another facility (403) and an unknown survey (404)', async () => {
      const who = await staff();
      const noSurveys = await signInNewUser(t, {
        permissions: ['Incentive_Acknowledgement'],
        facilityIds: [MAPLE],
      });
      const manager = await t.login('manager@carevoice.test');
      const survey = await takeOpenSurvey();
      const harbor = await takeOpenSurvey('Admission', HARBOR);
      const body = bodyFor(who, survey.id, answerPath(await questionsOf(who)));
      const before = await t.counts();

      const anonymous = await submit(undefined, body);
      expect(anonymous.statusCode).toBe(401);
      const withoutPermission = await submit(noSurveys, {
        ...body,
        sf_user_id: noSurveys.body.sf_user_id,
      });
      expect(withoutPermission.statusCode).toBe(403);
      expect(withoutPermission.json()).toEqual({ detail: MESSAGES.forbidden });
      const mismatch = await submit(who, { ...body, sf_user_id: manager.body.sf_user_id });
      expect(mismatch.statusCode).toBe(403);
      expect(mismatch.json()).toEqual({ detail: MESSAGES.userMismatch });
      const otherFacility = await submit(who, {
        ...body,
        patient_id: harbor.id,
        survey_answer_list: body.survey_answer_list.map((answer) => ({
          ...answer,
          Patient_Survey__c: harbor.id,
        })),
      });
      expect(otherFacility.statusCode).toBe(403);
      expect(otherFacility.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const unknown = await submit(who, { ...body, patient_id: 'no-such-survey' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: MESSAGES.surveyNotFound });
      expect(await t.counts()).toEqual(before);
    });
  });

  describe('fetch question answers', () => {
    it('answers several surveys in the order asked, each in answer order', async () => {
      const who = await staff();
      const completed = await t.db
        .selectFrom('surveys')
        .select('id')
        .where('facility_id', '=', MAPLE)
        .where('status', '=', 'completed')
        .where('created_by', 'is', null)
        .orderBy('id')
        .limit(2)
        .execute();
      const ids = completed.map((row) => row.id).reverse();
      const response = await call(t, who, 'fetchAnswers', { body: { survey_id_list: ids } });
      expect(response.statusCode).toBe(200);
      const expected = [];
      for (const id of ids) {
        const rows = await t.db
          .selectFrom('answers')
          .innerJoin('questions', 'questions.id', 'answers.question_id')
          .select([
            'questions.name as question',
            'questions.type',
            'answers.answer',
            'answers.comment',
          ])
          .where('answers.survey_id', '=', id)
          .orderBy('answers.position')
          .execute();
        // A MultiPicklist answer of several choices also lists them (printed as a list).
        expected.push(
          ...rows.map(({ type, ...row }) => {
            const choices = type === 'MultiPicklist' ? (row.answer?.split(';') ?? []) : [];
            return choices.length > 1 ? { ...row, choices } : row;
          }),
        );
      }
      expect(expected.length).toBeGreaterThan(4);
      expect(response.json()).toEqual({ data: expected });
    });

    it('refuses another facility’s survey (403), an unknown one (404) and a bad list (400)', async () => {
      const who = await staff();
      const harbor = await t.db
        .selectFrom('surveys')
        .select('id')
        .where('facility_id', '=', HARBOR)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      const maple = await t.db
        .selectFrom('surveys')
        .select('id')
        .where('facility_id', '=', MAPLE)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      const fetch = (body: unknown) => call(t, who, 'fetchAnswers', { body });
      const forbidden = await fetch({ survey_id_list: [maple.id, harbor.id] });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const unknown = await fetch({ survey_id_list: [maple.id, 'no-such-survey'] });
      expect(unknown.statusCode).toBe(404);
      for (const body of [{}, { survey_id_list: [] }, { survey_id_list: ['bad id'] }]) {
        expect((await fetch(body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await call(t, undefined, 'fetchAnswers', { body: { survey_id_list: [maple.id] } }))
          .statusCode,
      ).toBe(401);
    });
  });
});
