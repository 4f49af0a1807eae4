import { MESSAGES, type SubmitAnswersRequest } from '@carevoice/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBMISSION_RETRY_MS } from '@/config/constants';
import { jsonResponse, stubFetch } from '@/test/render';
import { enqueueSubmission } from '../submission-queue';
import { useSubmissionQueueSender } from './use-submission-queue-sender';

const BODY: SubmitAnswersRequest = {
  survey_answer_list: [
    { Patient_Survey__c: 'survey-1', Survey_Question__c: 'q1', Answer__c: 'Yes', Comment__c: null },
  ],
  patient_id: 'survey-1',
  sf_user_id: 'user-1',
  ack_data: [],
};

function unavailable(retryAfterSeconds?: number): Response {
  const response = jsonResponse({ detail: MESSAGES.databaseUnavailable }, 503);
  if (retryAfterSeconds !== undefined) {
    response.headers.set('Retry-After', String(retryAfterSeconds));
  }
  return response;
}

const queuedKeys = () =>
  (JSON.parse(localStorage.getItem('ans_list') ?? '[]') as { idempotencyKey: string }[]).map(
    (entry) => entry.idempotencyKey,
  );

describe('useSubmissionQueueSender', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends queued answers again through 503s until the server takes them, waiting out a Retry-After', async () => {
    vi.useFakeTimers();
    const answers = [
      unavailable(20),
      unavailable(),
      jsonResponse({ survey_id_list: ['survey-1'] }),
    ];
    const fetch = stubFetch(() => answers.shift() ?? jsonResponse({ detail: 'Not found.' }, 404));
    enqueueSubmission({
      userId: 'user-1',
      idempotencyKey: 'key-1',
      body: BODY,
      patientName: 'Ruth Abbott',
      surveyLabel: 'Admission',
    });

    renderHook(() => useSubmissionQueueSender('user-1'));
    // At once: 503, come back in 20 s.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queuedKeys()).toEqual(['key-1']);

    // 15 s: still inside the Retry-After, nothing is sent.
    await act(() => vi.advanceTimersByTimeAsync(SUBMISSION_RETRY_MS));
    expect(fetch).toHaveBeenCalledTimes(1);

    // 30 s: sent again, 503 without Retry-After; still queued.
    await act(() => vi.advanceTimersByTimeAsync(SUBMISSION_RETRY_MS));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(queuedKeys()).toEqual(['key-1']);

    // 45 s: accepted, and the queue is empty.
    await act(() => vi.advanceTimersByTimeAsync(SUBMISSION_RETRY_MS));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(queuedKeys()).toEqual([]);
    for (const [, init] of fetch.mock.calls) {
      expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('key-1');
      expect(JSON.parse(String(init?.body))).toEqual(BODY);
    }

    // Nothing left to send: no more requests.
    await act(() => vi.advanceTimersByTimeAsync(SUBMISSION_RETRY_MS * 2));
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
