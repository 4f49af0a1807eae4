/**
 * Bidirectional-control characters (U+202A–U+202E, U+2066–U+2069, and the marks U+200E, U+200F,
 * U+061C) never reach the database: a
 * review with U+202E ("right-to-left override") would otherwise show reversed in the manager's
 * list, hiding what it says. The shared schemas remove them (schemas/common.ts).
 */
import { AcknowledgementListResponseSchema, FetchAnswersResponseSchema } from '@carevoice/shared';
import { expect, it } from 'vitest';
import { questionsOfSurvey } from '../modules/surveys/surveys.service.js';
import { describeEachDialect, useTestApp } from './harness.js';
import { answerPath, answerRecords, call, MAPLE, openSurveys } from './survey-kit.js';

const REVERSED = 'Great care \u202Eetinrevo\u202C from \u2066Zoë\u2069\u200E\u200F\u061C';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const CLEAN = 'Great care etinrevo from Zoë';

describeEachDialect('bidirectional-control characters', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('are stripped from a review and a comment before they are stored', async () => {
    const who = await t.login('manager@carevoice.test');
    const [survey] = await openSurveys(t, MAPLE, 'Admission');
    if (!survey) throw new Error('no open survey');
    const questions = await questionsOfSurvey(t.db, {
      facility_id: MAPLE,
      survey_type: 'Admission',
      survey_set_id: null,
    });
    const employee = await t.db
      .selectFrom('employees')
      .selectAll()
      .where('facility_id', '=', MAPLE)
      .where('active', '=', 1)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const submitted = await call(t, who, 'submitAnswers', {
      headers: { 'idempotency-key': `bidi-${survey.id}` },
      body: {
        survey_answer_list: answerRecords(survey.id, answerPath(questions), () => REVERSED),
        patient_id: survey.id,
        sf_user_id: who.body.sf_user_id,
        ack_data: [
          {
            id: employee.code,
            name: employee.name,
            position: employee.position,
            department: employee.department,
            comment: REVERSED,
          },
        ],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const stored = await t.db
      .selectFrom('acknowledgements')
      .select('comment')
      .where('survey_id', '=', survey.id)
      .execute();
    expect(stored).toEqual([{ comment: CLEAN }]);
    const list = await call(t, who, 'acknowledgements', { params: { facilityId: MAPLE } });
    const reviews = AcknowledgementListResponseSchema.parse(list.json()).flatMap(
      (item) => item.reviews,
    );
    expect(reviews.map((review) => review.review)).toContain(CLEAN);
    expect(list.body).not.toMatch(BIDI);

    const answers = await call(t, who, 'fetchAnswers', { body: { survey_id_list: [survey.id] } });
    const { data } = FetchAnswersResponseSchema.parse(answers.json());
    expect(data.map((row) => row.comment)).toContain(CLEAN);
    expect(answers.body).not.toMatch(BIDI);
  });
});
