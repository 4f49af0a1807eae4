import {
  ADMIN_TEXT,
  AdminQuestionnaireDetailSchema,
  AdminQuestionnaireListResponseSchema,
  FetchAnswersResponseSchema,
  MESSAGES,
  QUESTIONNAIRE_PROBLEM_TEXT,
  QuestionnaireVersionSchema,
  QuestionsResponseSchema,
  DiscardDraftResponseSchema,
  SaveDraftResponseSchema,
  type AdminQuestionnaire,
  type DraftQuestion,
  type Question,
} from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../db/seed/demo.js';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  answerPath,
  answerRecords,
  AS_NEEDED_SET,
  call,
  HARBOR,
  MAPLE,
  openSurveys,
  RIVERSIDE,
  signInNewUser,
  THERAPY_SET,
} from '../../test/survey-kit.js';

const text = ADMIN_TEXT.questionnaires;
const questionnaireId = (facility: string, type: 'Admission' | 'Discharge') =>
  demoId('questionnaire', facility, type);
const MAPLE_ADMISSION = questionnaireId('maple-grove', 'Admission');
const MAPLE_DISCHARGE = questionnaireId('maple-grove', 'Discharge');
const RIVERSIDE_ADMISSION = questionnaireId('riverside', 'Admission');
const RIVERSIDE_DISCHARGE = questionnaireId('riverside', 'Discharge');
const HARBOR_ADMISSION = questionnaireId('harbor-view', 'Admission');
const AS_NEEDED_QUESTIONNAIRE = demoId('questionnaire', 'set', 'as-needed');

describeEachDialect('administration: questionnaires', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const admin = () => t.login('admin@carevoice.test');
  /** Administration in Maple Grove and Riverside (like office@). */
  const office = () =>
    signInNewUser(t, { permissions: ['Administration'], facilityIds: [MAPLE, RIVERSIDE] });
  let staff: SignedIn;
  beforeAll(async () => {
    staff = await t.login('manager@carevoice.test');
  });

  const list = async (who: SignedIn, query: Record<string, string> = {}) => {
    const response = await call(t, who, 'adminQuestionnaires', { query });
    expect(response.statusCode, response.body).toBe(200);
    return AdminQuestionnaireListResponseSchema.parse(response.json());
  };
  const detail = async (who: SignedIn, id: string) => {
    const response = await call(t, who, 'adminQuestionnaire', { params: { questionnaireId: id } });
    expect(response.statusCode, response.body).toBe(200);
    return AdminQuestionnaireDetailSchema.parse(response.json());
  };
  const save = (who: SignedIn, id: string, body: unknown) =>
    call(t, who, 'adminSaveQuestionnaireDraft', { params: { questionnaireId: id }, body });
  const saveOk = async (who: SignedIn, id: string, questions: unknown, version: number) => {
    const response = await save(who, id, { questions, version });
    expect(response.statusCode, response.body).toBe(200);
    return SaveDraftResponseSchema.parse(response.json());
  };
  const publish = (who: SignedIn, id: string, version: number) =>
    call(t, who, 'adminPublishQuestionnaire', {
      params: { questionnaireId: id },
      body: { version },
    });
  const discard = (who: SignedIn, id: string, body: unknown) =>
    call(t, who, 'adminDiscardQuestionnaireDraft', { params: { questionnaireId: id }, body });
  const staffQuestions = async (facilityId: string, surveyType: string) => {
    const response = await call(t, staff, 'questions', { params: { facilityId, surveyType } });
    expect(response.statusCode).toBe(200);
    return QuestionsResponseSchema.parse(response.json());
  };
  /** The published questions of a questionnaire, in the draft shape, to edit. */
  const publishedDraft = async (who: SignedIn, id: string) => {
    const found = await detail(who, id);
    return {
      questions: structuredClone(found.published?.questions ?? []) as DraftQuestion[],
      found,
    };
  };

  describe('the list', () => {
    it('gives a facility administrator their facilities’ questionnaires and the sets they offer, shared sets read-only', async () => {
      const items = await list(await office());
      const byId = new Map(items.map((item) => [item.id, item]));
      for (const id of [
        MAPLE_ADMISSION,
        MAPLE_DISCHARGE,
        RIVERSIDE_ADMISSION,
        RIVERSIDE_DISCHARGE,
      ]) {
        expect(byId.get(id)).toMatchObject({
          published_version: 1,
          has_draft: false,
          editable: true,
        });
      }
      expect(byId.has(HARBOR_ADMISSION)).toBe(false);
      // Offered by Harbor View too: theirs to read, not to change.
      expect(byId.get(AS_NEEDED_QUESTIONNAIRE)).toMatchObject({
        survey_set_id: AS_NEEDED_SET,
        editable: false,
        facility_ids: [MAPLE, RIVERSIDE, HARBOR].sort(),
      });
      expect(items.some((item) => item.survey_set_id === THERAPY_SET)).toBe(false);
      expect(byId.get(MAPLE_ADMISSION)).toMatchObject({
        name: 'Maple Grove Care Home',
        survey_type: 'Admission',
        facility_id: MAPLE,
        published_by: null,
      });
      expect(byId.get(MAPLE_ADMISSION)?.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it('gives an administrator of every facility every questionnaire, all editable', async () => {
      const items = await list(await admin());
      expect(items.length).toBe(3 * 2 + 3);
      expect(items.every((item) => item.editable)).toBe(true);
    });

    it('filters by facility, and refuses a facility the administrator does not hold', async () => {
      const who = await office();
      const items = await list(who, { facility_id: RIVERSIDE });
      expect(
        items
          .filter((item) => item.facility_id !== null)
          .map((item) => item.id)
          .sort(),
      ).toEqual([RIVERSIDE_ADMISSION, RIVERSIDE_DISCHARGE].sort());
      expect(items.some((item) => item.survey_set_id === AS_NEEDED_SET)).toBe(true);
      const refused = await call(t, who, 'adminQuestionnaires', { query: { facility_id: HARBOR } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MESSAGES.facilityForbidden });
    });
  });

  describe('one questionnaire', () => {
    it('answers the published questions with keys, Spanish texts and alert flags, and version 1', async () => {
      const found = await detail(await office(), MAPLE_ADMISSION);
      expect(found.languages).toEqual(['en', 'es']);
      expect(found.draft).toBeNull();
      expect(found.problems).toEqual([]);
      expect(found.versions).toEqual([
        expect.objectContaining({ version: 1, published_by: null, questions: 9 }),
      ]);
      const welcome = found.published?.questions[0];
      expect(welcome?.key).toBe('welcome');
      expect(welcome?.text).toEqual({
        en: 'How welcome did you feel when you arrived?',
        es: '¿Qué tan bienvenido/a se sintió cuando llegó?',
      });
      expect(welcome?.options.at(-1)).toEqual({
        key: 'not-at-all-welcome',
        label: { en: 'Not at all welcome', es: 'Nada bienvenido/a' },
        next: null,
        alert: true,
      });
      const room = found.published?.questions.find((question) => question.key === 'room');
      expect(room?.number).toEqual({
        value: 7,
        less: null,
        equal: 'services',
        greater: 'services',
        alert_below: 4,
      });
    });

    it('refuses another facility’s questionnaire with 403 (read, save, publish) and writes nothing', async () => {
      const who = await office();
      const before = await dbState(t);
      for (const response of [
        await call(t, who, 'adminQuestionnaire', { params: { questionnaireId: HARBOR_ADMISSION } }),
        await call(t, who, 'adminQuestionnaireVersion', {
          params: { questionnaireId: HARBOR_ADMISSION, version: '1' },
        }),
        await save(who, HARBOR_ADMISSION, { questions: [], version: 1 }),
        await publish(who, HARBOR_ADMISSION, 1),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      }
      expect(await dbState(t)).toEqual(before);
    });

    it('lets a facility administrator read a set shared with a facility they lack, not change it', async () => {
      const who = await office();
      expect((await detail(who, AS_NEEDED_QUESTIONNAIRE)).editable).toBe(false);
      const refused = await save(who, AS_NEEDED_QUESTIONNAIRE, { questions: [], version: 1 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: text.setEditForbidden });
      const therapy = await call(t, who, 'adminQuestionnaire', {
        params: { questionnaireId: demoId('questionnaire', 'set', 'therapy') },
      });
      expect(therapy.statusCode).toBe(403);
    });

    it('answers 404 for an unknown questionnaire or version', async () => {
      const who = await admin();
      const unknown = await call(t, who, 'adminQuestionnaire', {
        params: { questionnaireId: 'no-such-questionnaire' },
      });
      expect(unknown.statusCode).toBe(404);
      const version = await call(t, who, 'adminQuestionnaireVersion', {
        params: { questionnaireId: MAPLE_ADMISSION, version: '99' },
      });
      expect(version.statusCode).toBe(404);
      expect(version.json()).toEqual({ detail: text.versionNotFound });
    });
  });

  describe('drafts', () => {
    it('saves incomplete input with its problems, keeps it for a reload, refuses a stale version with 409', async () => {
      const who = await office();
      const id = RIVERSIDE_DISCHARGE;
      const { questions, found } = await publishedDraft(who, id);
      questions.push({
        key: 'new-number',
        type: 'Number',
        text: { en: 'How many visitors this week?' },
        options: [],
        required: true,
        number: { value: null, less: 'comments', equal: null, greater: null },
      });
      const saved = await saveOk(who, id, questions, found.version);
      expect(saved.version).toBe(found.version + 1);
      expect(saved.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            question_key: 'new-number',
            field: 'number.value',
            severity: 'error',
            message: QUESTIONNAIRE_PROBLEM_TEXT.numberTargetsWithoutValue,
          }),
          expect.objectContaining({
            question_key: 'new-number',
            field: 'text.es',
            severity: 'warning',
          }),
        ]),
      );
      const reloaded = await detail(who, id);
      expect(reloaded.has_draft).toBe(true);
      expect(reloaded.draft?.questions.at(-1)?.key).toBe('new-number');
      expect(reloaded.problems).toEqual(saved.errors);
      // The staff still get the published questions.
      expect((await staffQuestions(RIVERSIDE, 'Discharge')).length).toBe(8);

      const before = await dbState(t);
      const stale = await save(who, id, { questions: [], version: found.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: MESSAGES.versionConflict });
      expect(await dbState(t)).toEqual(before);

      const discarded = await saveOk(who, id, null, saved.version);
      expect(discarded.errors).toEqual([]);
      expect((await detail(who, id)).draft).toBeNull();
    });

    it('takes a questionnaire of 200 translated questions (larger than an ordinary request)', async () => {
      const who = await admin();
      const found = await detail(who, RIVERSIDE_DISCHARGE);
      const questions = Array.from({ length: 200 }, (_, n) => ({
        key: `q-${n + 1}`,
        type: 'Radio',
        text: {
          en: `Question number ${n + 1}: ${'how was it? '.repeat(8)}`,
          es: `Pregunta ${n + 1}`,
        },
        options: ['Very good', 'Good', 'Fair', 'Poor'].map((label, index) => ({
          key: `o-${index + 1}`,
          label: { en: label, es: `${label} (es)` },
          next: null,
        })),
        required: true,
      }));
      expect(JSON.stringify({ questions }).length).toBeGreaterThan(64 * 1024);
      const saved = await saveOk(who, RIVERSIDE_DISCHARGE, questions, found.version);
      expect(saved.errors).toEqual([]);
      await saveOk(who, RIVERSIDE_DISCHARGE, null, saved.version);
    });

    it('audits a draft replaced by a template, a copy, a file or a version, not ordinary edits', async () => {
      const who = await admin();
      const { questions, found } = await publishedDraft(who, RIVERSIDE_ADMISSION);
      const first = await saveOk(who, RIVERSIDE_ADMISSION, questions, found.version);
      const count = () =>
        t.db
          .selectFrom('audit_events')
          .select('detail_json')
          .where('action', '=', 'questionnaire.draft_replaced')
          .where('target_id', '=', RIVERSIDE_ADMISSION)
          .execute();
      expect(await count()).toEqual([]);
      const copied = await save(who, RIVERSIDE_ADMISSION, {
        questions,
        version: first.version,
        origin: 'copy',
      });
      expect(copied.statusCode).toBe(200);
      const events = await count();
      expect(events.map((event) => JSON.parse(event.detail_json ?? '{}'))).toEqual([
        { origin: 'copy', questions: questions.length },
      ]);
      await saveOk(who, RIVERSIDE_ADMISSION, null, first.version + 1);
    });
  });

  describe('discarding the draft (ADR 051)', () => {
    const discardEvents = () =>
      t.db
        .selectFrom('audit_events')
        .select(['detail_json', 'facility_id', 'actor_user_id'])
        .where('action', '=', 'questionnaire.draft_discarded')
        .where('target_id', '=', RIVERSIDE_ADMISSION)
        .execute();

    it('ends the draft made at the version, back to the published version, and audits it without its texts', async () => {
      const who = await office();
      const { questions, found } = await publishedDraft(who, RIVERSIDE_ADMISSION);
      (questions[0] as DraftQuestion).text = { en: 'A reworded first question' };
      const saved = await saveOk(who, RIVERSIDE_ADMISSION, questions, found.version);
      expect((await detail(who, RIVERSIDE_ADMISSION)).has_draft).toBe(true);

      const response = await discard(who, RIVERSIDE_ADMISSION, { version: saved.version });
      expect(response.statusCode, response.body).toBe(200);
      expect(DiscardDraftResponseSchema.parse(response.json())).toEqual({
        version: saved.version + 1,
      });
      const after = await detail(who, RIVERSIDE_ADMISSION);
      expect(after).toMatchObject({
        has_draft: false,
        draft: null,
        published_version: found.published_version,
        version: saved.version + 1,
      });
      expect(after.published).toEqual(found.published);
      expect(after.versions).toEqual(found.versions);
      const events = await discardEvents();
      expect(events).toEqual([
        {
          detail_json: JSON.stringify({
            questions: questions.length,
            published_version: found.published_version,
          }),
          facility_id: RIVERSIDE,
          actor_user_id: who.body.sf_user_id,
        },
      ]);
      expect(events[0]?.detail_json).not.toContain('reworded');
      // The editor goes on saving from the version the discard answered.
      await saveOk(who, RIVERSIDE_ADMISSION, questions, saved.version + 1);
      await discard(who, RIVERSIDE_ADMISSION, { version: saved.version + 2 });
    });

    it('refuses a stale version with 409 and keeps the draft; without a draft answers the version and writes nothing', async () => {
      const who = await admin();
      const { questions, found } = await publishedDraft(who, RIVERSIDE_ADMISSION);
      const saved = await saveOk(who, RIVERSIDE_ADMISSION, questions, found.version);
      let before = await dbState(t);
      const stale = await discard(who, RIVERSIDE_ADMISSION, { version: found.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: MESSAGES.versionConflict });
      expect(await dbState(t)).toEqual(before);
      expect((await detail(who, RIVERSIDE_ADMISSION)).has_draft).toBe(true);

      await saveOk(who, RIVERSIDE_ADMISSION, null, saved.version);
      before = await dbState(t);
      const nothing = await discard(who, RIVERSIDE_ADMISSION, { version: saved.version + 1 });
      expect(nothing.statusCode, nothing.body).toBe(200);
      expect(nothing.json()).toEqual({ version: saved.version + 1 });
      expect(await dbState(t)).toEqual(before);
    });

    it('refuses another facility’s questionnaire (403), a shared set (403) and bad input (400), writing nothing', async () => {
      const who = await office();
      const before = await dbState(t);
      const foreign = await discard(who, HARBOR_ADMISSION, { version: 1 });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ detail: MESSAGES.facilityForbidden });
      const shared = await discard(who, AS_NEEDED_QUESTIONNAIRE, { version: 1 });
      expect(shared.statusCode).toBe(403);
      expect(shared.json()).toEqual({ detail: text.setEditForbidden });
      for (const body of [{}, { version: 'one' }, { version: -1 }]) {
        const bad = await discard(who, RIVERSIDE_ADMISSION, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json<{ detail: string }>().detail).toBeTruthy();
      }
      expect(await dbState(t)).toEqual(before);
    });
  });

  describe('publishing', () => {
    it('refuses a draft with errors (400, the first error per question and every problem) and writes nothing', async () => {
      const who = await admin();
      const { questions, found } = await publishedDraft(who, MAPLE_DISCHARGE);
      (questions[0] as DraftQuestion).options[0]!.next = 'overall';
      (questions[1] as DraftQuestion).text = { en: '' };
      const saved = await saveOk(who, MAPLE_DISCHARGE, questions, found.version);
      const before = await dbState(t);
      const refused = await publish(who, MAPLE_DISCHARGE, saved.version);
      expect(refused.statusCode).toBe(400);
      const body = refused.json<{
        detail: string;
        errors: Record<string, string>;
        problems: unknown[];
      }>();
      expect(body.detail).toBe(text.publishRefused(2));
      expect(body.errors).toEqual({
        overall: QUESTIONNAIRE_PROBLEM_TEXT.targetBackward,
        reason: QUESTIONNAIRE_PROBLEM_TEXT.textRequired,
      });
      expect(body.problems).toEqual(saved.errors);
      expect(await dbState(t)).toEqual(before);
      await saveOk(who, MAPLE_DISCHARGE, null, saved.version);
    });

    it('refuses a stale version and a questionnaire without a draft with 409', async () => {
      const who = await admin();
      const found = await detail(who, HARBOR_ADMISSION);
      const noDraft = await publish(who, HARBOR_ADMISSION, found.version);
      expect(noDraft.statusCode).toBe(409);
      expect(noDraft.json()).toEqual({ detail: text.noDraft });
      const stale = await publish(who, HARBOR_ADMISSION, found.version + 5);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: MESSAGES.versionConflict });
    });

    it('a survey started on version 1 and submitted after version 2 is published is accepted and stored with version 1’s questions', async () => {
      const who = await admin();
      // A tablet starts an Admission survey: it holds version 1's questions.
      const [survey, laterSurvey, mixedSurvey] = await openSurveys(t, RIVERSIDE, 'Admission');
      if (!survey || !laterSurvey || !mixedSurvey)
        throw new Error('no open Admission surveys left');
      const version1 = await staffQuestions(RIVERSIDE, 'Admission');

      // The administrator rewords the first question, drops "arrival", and publishes version 2.
      const { questions, found } = await publishedDraft(who, RIVERSIDE_ADMISSION);
      (questions[0] as DraftQuestion).text.en = 'How welcome did you feel on your first day?';
      const edited = questions.filter((question) => question.key !== 'arrival');
      const saved = await saveOk(who, RIVERSIDE_ADMISSION, edited, found.version);
      const published = await publish(who, RIVERSIDE_ADMISSION, saved.version);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toEqual({ version: 2 });

      const version2 = await staffQuestions(RIVERSIDE, 'Admission');
      expect(version2[0]?.name).toBe('How welcome did you feel on your first day?');
      expect(version2[0]?.key).toBe('welcome');
      expect(version2.length).toBe(version1.length - 1);
      const version1Ids = new Set(version1.map((q) => q.id));
      expect(version2.filter((q) => version1Ids.has(q.id))).toEqual([]);

      // The tablet sends version 1's answers: accepted, stored against version 1.
      const choose = (question: Question) =>
        question.type === 'Radio' && question.key === 'welcome'
          ? 'Not at all welcome'
          : question.type === 'MultiPicklist'
            ? 'Laundry;Dining'
            : question.type === 'Number'
              ? '5'
              : question.type === 'Text'
                ? null
                : (Object.keys(question.values)[0] ?? null);
      const path = answerPath(version1, choose);
      const submit = (surveyId: string, records: ReturnType<typeof answerRecords>, key: string) =>
        call(t, staff, 'submitAnswers', {
          headers: { 'idempotency-key': key },
          body: {
            survey_answer_list: records,
            patient_id: surveyId,
            sf_user_id: staff.body.sf_user_id,
            ack_data: [],
          },
        });
      const accepted = await submit(survey.id, answerRecords(survey.id, path), `v1-${survey.id}`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const stored = await t.db
        .selectFrom('answers')
        .select(['question_id', 'answer', 'answer_key'])
        .where('survey_id', '=', survey.id)
        .orderBy('position')
        .execute();
      expect(stored.map((row) => row.question_id)).toEqual(path.map((entry) => entry.questionId));
      expect(stored[0]).toMatchObject({
        answer: 'Not at all welcome',
        answer_key: 'not-at-all-welcome',
      });
      expect(stored.find((row) => row.answer === 'Dining;Laundry')?.answer_key).toBe(
        'dining;laundry',
      );
      expect(stored.find((row) => row.answer === '5')?.answer_key).toBeNull();
      const surveyRow = await t.db
        .selectFrom('surveys')
        .select('questionnaire_version')
        .where('id', '=', survey.id)
        .executeTakeFirstOrThrow();
      expect(surveyRow.questionnaire_version).toBe(1);
      // Printed with the wording as asked (version 1).
      const printed = await call(t, staff, 'fetchAnswers', {
        body: { survey_id_list: [survey.id] },
      });
      const { data } = FetchAnswersResponseSchema.parse(printed.json());
      expect(data[0]?.question).toBe('How welcome did you feel when you arrived?');

      // A survey answered on version 2 is stored against version 2.
      const path2 = answerPath(version2, choose);
      const later = await submit(
        laterSurvey.id,
        answerRecords(laterSurvey.id, path2),
        `v2-${laterSurvey.id}`,
      );
      expect(later.statusCode, later.body).toBe(200);
      const laterRow = await t.db
        .selectFrom('surveys')
        .select('questionnaire_version')
        .where('id', '=', laterSurvey.id)
        .executeTakeFirstOrThrow();
      expect(laterRow.questionnaire_version).toBe(2);

      // Mixing the versions' ids is 400, an unknown id too; nothing is written.
      const before = await dbState(t);
      const mixedRecords = answerRecords(mixedSurvey.id, path);
      mixedRecords[1] = { ...mixedRecords[1]!, Survey_Question__c: version2[1]!.id };
      const mixed = await submit(mixedSurvey.id, mixedRecords, `mixed-${mixedSurvey.id}`);
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json()).toEqual({ detail: MESSAGES.answersMixVersions });
      const unknownRecords = answerRecords(mixedSurvey.id, path);
      unknownRecords[2] = { ...unknownRecords[2]!, Survey_Question__c: 'no-such-question' };
      const unknown = await submit(mixedSurvey.id, unknownRecords, `unknown-${mixedSurvey.id}`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ detail: MESSAGES.answerUnknownQuestion(3) });
      const otherQuestionnaire = answerRecords(mixedSurvey.id, path);
      otherQuestionnaire[0] = {
        ...otherQuestionnaire[0]!,
        Survey_Question__c: (await staffQuestions(MAPLE, 'Admission'))[0]!.id,
      };
      const foreign = await submit(mixedSurvey.id, otherQuestionnaire, `foreign-${mixedSurvey.id}`);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({ detail: MESSAGES.answerUnknownQuestion(1) });
      expect(await dbState(t)).toEqual(before);

      // Every version stays readable, and the publish is audited with who and which version.
      const again = await detail(who, RIVERSIDE_ADMISSION);
      expect(again.published_version).toBe(2);
      expect(again.has_draft).toBe(false);
      expect(again.published_by).toBe('Ada Admin');
      expect(again.versions.map((version) => version.version)).toEqual([2, 1]);
      const old = await call(t, who, 'adminQuestionnaireVersion', {
        params: { questionnaireId: RIVERSIDE_ADMISSION, version: '1' },
      });
      expect(QuestionnaireVersionSchema.parse(old.json()).questions.map((q) => q.key)).toContain(
        'arrival',
      );
      const audit = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'questionnaire.published')
        .where('target_id', '=', RIVERSIDE_ADMISSION)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_user_id: who.body.sf_user_id,
        facility_id: RIVERSIDE,
        target_type: 'questionnaire',
      });
      expect(JSON.parse(audit[0]?.detail_json ?? '{}')).toMatchObject({
        version: 2,
        questions: version2.length,
        survey_type: 'Admission',
      });
    });

    it('gives a new survey set an unpublished questionnaire, which the staff see once it is published', async () => {
      const who = await admin();
      const created = await call(t, who, 'adminCreateSurveySet', {
        body: { name: 'Sleep Check', facility_ids: [MAPLE] },
      });
      expect(created.statusCode).toBe(201);
      const setId = created.json<{ id: string }>().id;
      const item = (await list(who)).find(
        (entry) => entry.survey_set_id === setId,
      ) as AdminQuestionnaire;
      expect(item).toMatchObject({ published_version: 0, has_draft: false, name: 'Sleep Check' });
      const setQuestions = async () => {
        const response = await call(t, staff, 'setQuestions', { params: { surveySetId: setId } });
        expect(response.statusCode).toBe(200);
        return QuestionsResponseSchema.parse(response.json());
      };
      expect(await setQuestions()).toEqual([]);
      const saved = await saveOk(
        who,
        item.id,
        [
          {
            key: 'slept',
            type: 'Radio',
            text: { en: 'Did you sleep well?', es: '¿Durmió bien?' },
            options: [
              { key: 'yes', label: { en: 'Yes', es: 'Sí' }, next: null },
              { key: 'no', label: { en: 'No', es: 'No' }, next: null, alert: true },
            ],
            required: true,
            comment_box: true,
          },
        ],
        item.version,
      );
      expect(saved.errors).toEqual([]);
      expect((await publish(who, item.id, saved.version)).json()).toEqual({ version: 1 });
      const [question] = await setQuestions();
      expect(question).toMatchObject({
        name: 'Did you sleep well?',
        values: { Yes: null, No: null },
        key: 'slept',
        comment_box: true,
        allow_non_answer: true,
        texts: { es: { name: '¿Durmió bien?', values: { Yes: 'Sí', No: 'No' } } },
      });
      const meta = await t.db
        .selectFrom('questions')
        .select('meta_json')
        .where('id', '=', question!.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(meta.meta_json)).toMatchObject({
        option_keys: { Yes: 'yes', No: 'no' },
        alert_options: ['no'],
      });
    });
  });
});
