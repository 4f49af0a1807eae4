import { MESSAGES, type SubmitAnswersRequest } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { jsonResponse, stubFetch } from '@/test/render';
import {
  classifySubmitError,
  enqueueSubmission,
  retryAllowed,
  sendQueuedSubmissions,
} from './submission-queue';

const BODY: SubmitAnswersRequest = {
  survey_answer_list: [
    { Patient_Survey__c: 'survey-1', Survey_Question__c: 'q1', Answer__c: 'Yes', Comment__c: null },
  ],
  patient_id: 'survey-1',
  sf_user_id: 'user-1',
  ack_data: [],
};

const httpError = (
  status: number,
  detail: string | null = null,
  retryAfterMs: number | null = null,
) => new ApiError('http', 'submitAnswers', status, { serverMessage: detail, retryAfterMs });

function queued() {
  return JSON.parse(localStorage.getItem('ans_list') ?? '[]') as {
    idempotencyKey: string;
    refusal: string | null;
  }[];
}

describe('classifySubmitError', () => {
  it.each([
    ['a 503 with Retry-After (database busy)', httpError(503, MESSAGES.databaseUnavailable, 5000)],
    ['a 503 without Retry-After', httpError(503, MESSAGES.databaseUnavailable)],
    ['a 503 without a body (a proxy)', httpError(503)],
    ['a 500', httpError(500, MESSAGES.somethingWentWrong)],
    ['a 502 from a proxy', httpError(502)],
    ['an ended session (401)', httpError(401, MESSAGES.sessionExpired)],
    ['a rate limit (429)', httpError(429, 'Slow down', 60_000)],
    ['no answer', new ApiError('network', 'submitAnswers', null)],
    ['no answer in time', new ApiError('timeout', 'submitAnswers', null)],
  ])('keeps the answers to send again after %s, never as a refusal', (_label, error) => {
    expect(classifySubmitError(error)).toEqual({ kind: 'unreachable' });
  });

  it('treats 409 as already submitted and other 4xx as a refusal with the server reason', () => {
    expect(classifySubmitError(httpError(409))).toEqual({ kind: 'already-submitted' });
    expect(classifySubmitError(httpError(400, 'Answer 2 is missing.'))).toEqual({
      kind: 'refused',
      message: 'Answer 2 is missing.',
    });
  });
});

describe('sendQueuedSubmissions', () => {
  it('leaves a submission queued and not refused when the server answers 503, and remembers its Retry-After', async () => {
    enqueueSubmission({
      userId: 'user-1',
      idempotencyKey: 'key-1',
      body: BODY,
      patientName: 'Ruth Abbott',
      surveyLabel: 'Admission',
    });
    stubFetch(() => {
      const response = jsonResponse({ detail: MESSAGES.databaseUnavailable }, 503);
      response.headers.set('Retry-After', '60');
      return response;
    });

    expect(await sendQueuedSubmissions('user-1')).toBe(0);
    expect(queued()).toEqual([expect.objectContaining({ idempotencyKey: 'key-1', refusal: null })]);
    expect(retryAllowed()).toBe(false);

    stubFetch(() => jsonResponse({ survey_id_list: ['survey-1'] }));
    expect(await sendQueuedSubmissions('user-1')).toBe(1);
    expect(queued()).toEqual([]);
    expect(retryAllowed()).toBe(true);
  });
});
