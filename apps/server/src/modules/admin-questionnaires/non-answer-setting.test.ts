import {
  AdminQuestionnaireDetailSchema,
  answerAndAdvance,
  initialRunnerState,
  MESSAGES,
  QuestionnaireVersionSchema,
  QuestionsResponseSchema,
  SaveDraftResponseSchema,
  type DraftQuestion,
} from '@carevoice/shared';
import { expect, it } from 'vitest';
import { demoId } from '../../db/seed/demo.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  answerPath,
  answerRecords,
  call,
  defaultAnswer,
  MAPLE,
  openSurveys,
} from '../../test/survey-kit.js';

const MAPLE_ADMISSION = demoId('questionnaire', 'maple-grove', 'Admission');
const RIVERSIDE_DISCHARGE = demoId('questionnaire', 'riverside', 'Discharge');

/**
 * "Every question can be answered 'Refused' or 'Don't know' (configurable per questionnaire, on
 * by default)" (issue 17, ADR 033): one setting of the draft and the version, kept on every
 * question, honoured by the staff's questions and by the submission check.
 */
describeEachDialect('the questionnaire’s non-answer setting', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const admin = () => t.login('admin@carevoice.test');

  const detail = async (who: SignedIn, id: string) => {
    const response = await call(t, who, 'adminQuestionnaire', { params: { questionnaireId: id } });
    expect(response.statusCode, response.body).toBe(200);
    return AdminQuestionnaireDetailSchema.parse(response.json());
  };
  const save = async (who: SignedIn, id: string, body: Record<string, unknown>) => {
    const response = await call(t, who, 'adminSaveQuestionnaireDraft', {
      params: { questionnaireId: id },
      body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return SaveDraftResponseSchema.parse(response.json());
  };
  const storedDraft = async (id: string) => {
    const row = await t.db
      .selectFrom('questionnaires')
      .select('draft_json')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.draft_json ?? 'null') as DraftQuestion[] | null;
  };

  it('is on by default: the demo questionnaires say so, and so does every staff question', async () => {
    const who = await admin();
    const found = await detail(who, MAPLE_ADMISSION);
    expect(found.draft).toBeNull();
    expect(found.published?.allow_non_answer).toBe(true);
    const staff = await t.login('manager@carevoice.test');
    const questions = QuestionsResponseSchema.parse(
      (
        await call(t, staff, 'questions', {
          params: { surveyType: 'Admission', facilityId: MAPLE },
        })
      ).json(),
    );
    expect(questions.every((question) => question.allow_non_answer === true)).toBe(true);
  });

  it('a draft saved with the setting off keeps it on every question; without the setting, the questions say it (on unless all are off)', async () => {
    const who = await admin();
    const found = await detail(who, RIVERSIDE_DISCHARGE);
    const questions = structuredClone(found.published?.questions ?? []);
    expect(questions.length).toBeGreaterThan(1);

    const off = await save(who, RIVERSIDE_DISCHARGE, {
      questions,
      version: found.version,
      allow_non_answer: false,
    });
    expect((await storedDraft(RIVERSIDE_DISCHARGE))?.map((q) => q.allow_non_answer)).toEqual(
      questions.map(() => false),
    );
    expect((await detail(who, RIVERSIDE_DISCHARGE)).draft?.allow_non_answer).toBe(false);

    // An older client sends per-question values only: one off, the rest on → on for all.
    const mixed = questions.map((question, index) => ({
      ...question,
      allow_non_answer: index !== 0,
    }));
    const derived = await save(who, RIVERSIDE_DISCHARGE, {
      questions: mixed,
      version: off.version,
    });
    expect(
      new Set((await storedDraft(RIVERSIDE_DISCHARGE))?.map((q) => q.allow_non_answer)),
    ).toEqual(new Set([true]));
    // Every question off → off.
    await save(who, RIVERSIDE_DISCHARGE, {
      questions: questions.map((question) => ({ ...question, allow_non_answer: false })),
      version: derived.version,
    });
    expect((await detail(who, RIVERSIDE_DISCHARGE)).draft?.allow_non_answer).toBe(false);
  });

  it('published off: the staff questions cannot be declined, the version says so, and a submitted non-answer is 400', async () => {
    const who = await admin();
    const staff = await t.login('manager@carevoice.test');
    const [survey, onVersion1] = await openSurveys(t, MAPLE, 'Admission');
    if (!survey || !onVersion1) throw new Error('no open Admission surveys');
    const before = QuestionsResponseSchema.parse(
      (
        await call(t, staff, 'questions', {
          params: { surveyType: 'Admission', facilityId: MAPLE },
        })
      ).json(),
    );

    const found = await detail(who, MAPLE_ADMISSION);
    const saved = await save(who, MAPLE_ADMISSION, {
      questions: found.published?.questions ?? [],
      version: found.version,
      allow_non_answer: false,
    });
    const published = await call(t, who, 'adminPublishQuestionnaire', {
      params: { questionnaireId: MAPLE_ADMISSION },
      body: { version: saved.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    const { version } = published.json<{ version: number }>();

    const frozen = await call(t, who, 'adminQuestionnaireVersion', {
      params: { questionnaireId: MAPLE_ADMISSION, version: String(version) },
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(QuestionnaireVersionSchema.parse(frozen.json()).allow_non_answer).toBe(false);

    const after = QuestionsResponseSchema.parse(
      (
        await call(t, staff, 'questions', {
          params: { surveyType: 'Admission', facilityId: MAPLE },
        })
      ).json(),
    );
    expect(after.every((question) => question.allow_non_answer === false)).toBe(true);

    const submit = (records: ReturnType<typeof answerRecords>, key: string, id = survey.id) =>
      call(t, staff, 'submitAnswers', {
        headers: { 'idempotency-key': key },
        body: {
          survey_answer_list: records,
          patient_id: id,
          sf_user_id: staff.body.sf_user_id,
          ack_data: [],
        },
      });
    const records = answerRecords(survey.id, answerPath(after));
    const declined = records.map((record, index) =>
      index === 0 ? { ...record, Answer__c: null, Non_Answer__c: 'Refused' as const } : record,
    );
    const refused = await submit(declined, `non-answer-off-${dialect}`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toBe(
      MESSAGES.nonAnswerNotAllowed(1, after[0]?.name ?? ''),
    );
    const accepted = await submit(records, `non-answer-off-ok-${dialect}`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The version before (published with the setting on) still takes a non-answer: a tablet
    // finishes a survey on the version it started (ADR 017).
    let state = initialRunnerState;
    while (state.index < before.length) {
      const question = before[state.index]!;
      const result =
        state.index === 0
          ? answerAndAdvance(before, state, null, 'Refused')
          : answerAndAdvance(before, state, defaultAnswer(question));
      if (!result.ok) throw new Error(result.reason);
      state = result.state;
    }
    const oldRecords = answerRecords(onVersion1.id, state.history).map((record, index) =>
      index === 0 ? { ...record, Non_Answer__c: 'Refused' as const } : record,
    );
    const onOld = await submit(oldRecords, `non-answer-v1-${dialect}`, onVersion1.id);
    expect(onOld.statusCode, onOld.body).toBe(200);
  });
});
