import {
  AdminQuestionnaireDetailSchema,
  INTERVIEW_TEXT,
  MESSAGES,
  QUESTIONNAIRE_PROBLEM_TEXT,
  QuestionsResponseSchema,
  ResultsSummaryResponseSchema,
  SaveDraftResponseSchema,
  type AnswerRecord,
  type DraftQuestion,
  type Question,
} from '@carevoice/shared';
import { expect, it } from 'vitest';
import { demoId } from '../../db/seed/demo.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, MAPLE, openSurveys } from '../../test/survey-kit.js';

const MAPLE_ADMISSION = demoId('questionnaire', 'maple-grove', 'Admission');

/** A small CAHPS-like interview: a screener whose REF follows NO's skip, a Rating, a bounded Number, an ending option. */
const CAHPS: DraftQuestion[] = [
  {
    key: 'screen',
    type: 'Radio',
    text: { en: 'In the last 6 months, did you need help to get dressed?' },
    interviewer_text: { en: 'If REF or DK, skip as NO.' },
    options: [
      { key: 'yes', label: { en: 'Yes' }, next: null },
      { key: 'no', label: { en: 'No' }, next: 'overall' },
    ],
    non_answer_next: 'no',
    required: true,
  },
  {
    key: 'help',
    type: 'Radio',
    text: { en: 'Did you get the help you needed?' },
    options: [
      { key: 'always', label: { en: 'Always' }, next: null },
      { key: 'stop', label: { en: 'Resident cannot go on' }, next: 'end' },
    ],
    required: true,
  },
  {
    key: 'overall',
    type: 'Rating',
    text: { en: 'Using any number from 0 to 10, how would you rate this nursing home?' },
    labels: { low: { en: 'Worst possible' }, high: { en: 'Best possible' } },
    options: [],
    required: true,
  },
  {
    key: 'years',
    type: 'Number',
    text: { en: 'How many years have you lived here?' },
    options: [],
    required: true,
    number: { value: null, less: null, equal: null, greater: null, min: 0, max: 60 },
  },
];

/** Issue 34 item 5 (ADR 060): the builder carries CAHPS; staff may end an interview early. */
describeEachDialect('CAHPS interviews and break-off', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const used = new Set<string>();
  const takeSurvey = async () => {
    const survey = (await openSurveys(t, MAPLE, 'Admission')).find(({ id }) => !used.has(id));
    if (!survey) throw new Error('no open Admission survey left');
    used.add(survey.id);
    return survey.id;
  };

  const publish = async (questions: DraftQuestion[]) => {
    const admin = await t.login('admin@carevoice.test');
    const detail = AdminQuestionnaireDetailSchema.parse(
      (
        await call(t, admin, 'adminQuestionnaire', { params: { questionnaireId: MAPLE_ADMISSION } })
      ).json(),
    );
    const saved = await call(t, admin, 'adminSaveQuestionnaireDraft', {
      params: { questionnaireId: MAPLE_ADMISSION },
      body: { questions, version: detail.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return call(t, admin, 'adminPublishQuestionnaire', {
      params: { questionnaireId: MAPLE_ADMISSION },
      body: { version: SaveDraftResponseSchema.parse(saved.json()).version },
    });
  };
  const staffQuestions = async (staff: SignedIn) =>
    QuestionsResponseSchema.parse(
      (
        await call(t, staff, 'questions', {
          params: { surveyType: 'Admission', facilityId: MAPLE },
        })
      ).json(),
    );
  const record = (
    surveyId: string,
    question: Question | undefined,
    answer: string | null,
    nonAnswer?: 'Refused',
  ): AnswerRecord => ({
    Patient_Survey__c: surveyId,
    Survey_Question__c: (question as Question).id,
    Answer__c: answer,
    ...(nonAnswer ? { Non_Answer__c: nonAnswer } : {}),
  });
  let keys = 0;
  const submit = (staff: SignedIn, surveyId: string, list: AnswerRecord[]) =>
    call(t, staff, 'submitAnswers', {
      headers: { 'idempotency-key': `cahps-${dialect}-${(keys += 1)}` },
      body: {
        survey_answer_list: list,
        patient_id: surveyId,
        sf_user_id: staff.body.sf_user_id,
        ack_data: [],
      },
    });
  const status = async (id: string) =>
    (
      await t.db
        .selectFrom('surveys')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('refuses to publish a draft whose Refused / Don’t know follow an option that does not exist, with {detail, errors}', async () => {
    const bad = CAHPS.map((q) => (q.key === 'screen' ? { ...q, non_answer_next: 'maybe' } : q));
    const refused = await publish(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { screen: QUESTIONNAIRE_PROBLEM_TEXT.nonAnswerOptionUnknown('maybe') },
    });
    expect(refused.json<{ detail: string }>().detail).toEqual(expect.any(String));
  });

  it('publishes the interview; the staff get interviewer text, "end", the option REF follows, the Rating labels and the range', async () => {
    const published = await publish(CAHPS);
    expect(published.statusCode, published.body).toBe(200);
    const staff = await t.login('manager@carevoice.test');
    const [screen, help, overall, years] = await staffQuestions(staff);
    expect(screen).toMatchObject({
      interviewer_text: { en: 'If REF or DK, skip as NO.' },
      non_answer_next: 'No',
      values: { Yes: null, No: overall?.id },
    });
    expect(help?.values).toEqual({ Always: null, 'Resident cannot go on': 'end' });
    expect(overall).toMatchObject({
      type: 'Rating',
      labels: { low: 'Worst possible', high: 'Best possible' },
    });
    expect(years?.validation_logic).toMatchObject({ min: 0, max: 60 });
    expect(years).not.toHaveProperty('interviewer_text');
  });

  it('accepts REF following NO’s skip and an ending option; refuses a Rating or Number out of range with a clear 400', async () => {
    const staff = await t.login('manager@carevoice.test');
    const [screen, help, overall, years] = await staffQuestions(staff);

    const refusedSkip = await takeSurvey();
    const ok = await submit(staff, refusedSkip, [
      record(refusedSkip, screen, null, 'Refused'),
      record(refusedSkip, overall, '9'),
      record(refusedSkip, years, '3'),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);

    const ended = await takeSurvey();
    const end = await submit(staff, ended, [
      record(ended, screen, 'Yes'),
      record(ended, help, 'Resident cannot go on'),
    ]);
    expect(end.statusCode, end.body).toBe(200);
    expect(await status(ended)).toBe('completed');

    const other = await takeSurvey();
    const rating = await submit(staff, other, [
      record(other, screen, 'No'),
      record(other, overall, '11'),
      record(other, years, '3'),
    ]);
    expect(rating.statusCode).toBe(400);
    expect(rating.json()).toEqual({
      detail: MESSAGES.answerOutOfRange(2, overall?.name ?? '', 'from 0 to 10'),
    });
    const number = await submit(staff, other, [
      record(other, screen, 'No'),
      record(other, overall, '10'),
      record(other, years, '61'),
    ]);
    expect(number.statusCode).toBe(400);
    expect(number.json()).toEqual({
      detail: MESSAGES.answerOutOfRange(3, years?.name ?? '', 'from 0 to 60'),
    });
    expect(await status(other)).toBe('due');
  });

  it('a break-off stores the answers given as partial; the survey leaves the due list; results count it apart', async () => {
    const staff = await t.login('manager@carevoice.test');
    const [screen, help] = await staffQuestions(staff);
    const summary = async () =>
      ResultsSummaryResponseSchema.parse(
        (await call(t, staff, 'resultsSummary', { query: { facility_id: MAPLE } })).json(),
      ).facilities[0];
    const before = await summary();

    const id = await takeSurvey();
    const broken = await call(t, staff, 'surveyBreakOff', {
      body: {
        patientId: id,
        survey_answer_list: [record(id, screen, 'Yes')],
        respondent: 'family',
      },
    });
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json()).toEqual({ detail: INTERVIEW_TEXT.breakOff.saved });
    const row = await t.db
      .selectFrom('surveys')
      .select(['status', 'respondent', 'submitted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'partial', respondent: 'family' });
    expect(row.submitted_at).not.toBeNull();
    const answers = await t.db
      .selectFrom('answers')
      .select(['answer', 'answer_key'])
      .where('survey_id', '=', id)
      .execute();
    expect(answers).toEqual([{ answer: 'Yes', answer_key: 'yes' }]);
    // Print gets the question's interviewer text apart from the question (ADR 060).
    const printed = await call(t, staff, 'fetchAnswers', { body: { survey_id_list: [id] } });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json()).toEqual({
      data: [
        {
          question: 'In the last 6 months, did you need help to get dressed?',
          answer: 'Yes',
          comment: null,
          interviewer_text: { en: 'If REF or DK, skip as NO.' },
        },
      ],
    });

    const list = await call(t, staff, 'surveyList', {
      params: { surveyType: 'Admission', facilityId: MAPLE },
    });
    expect(list.body).not.toContain(id);
    const again = await call(t, staff, 'surveyBreakOff', {
      body: { patientId: id, survey_answer_list: [] },
    });
    expect(again.statusCode).toBe(409);

    const after = await summary();
    expect(after?.partial).toBe((before?.partial ?? 0) + 1);
    expect(after?.completed).toBe(before?.completed);

    const drill = await call(t, staff, 'resultsSurveys', {
      query: { facility_id: MAPLE, status: 'partial' },
    });
    expect(drill.statusCode, drill.body).toBe(200);
    expect(drill.body).toContain(id);

    // A path the questionnaire does not allow is refused, even stopping early; nothing changes.
    const wrong = await takeSurvey();
    const skipped = await call(t, staff, 'surveyBreakOff', {
      body: { patientId: wrong, survey_answer_list: [record(wrong, help, 'Always')] },
    });
    expect(skipped.statusCode).toBe(400);
    expect(await status(wrong)).toBe('due');
    // No answers at all is a break-off before the first question: allowed.
    const none = await call(t, staff, 'surveyBreakOff', {
      body: { patientId: wrong, survey_answer_list: [] },
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(await status(wrong)).toBe('partial');
  });
});
