import {
  BEDSIDE_TEXT,
  SubmitAnswersRequestSchema,
  IdSchema,
  type SubmitAnswersRequest,
} from '@carevoice/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-error';
import { parseStored, readRaw, subscribeToStorage, writeStored } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { submitAnswers } from './api/submit-answers';
import { markFinished } from './finished-surveys';

/**
 * Submissions the server has not accepted yet (DESIGN §6), kept on the device under the spec's
 * `ans_list` key and sent again until the server takes them. Nothing in here is ever dropped
 * without the server having answered for it (accepted, or already completed), or the person who
 * owns it having decided so.
 */
const QueuedSubmissionSchema = z.object({
  userId: IdSchema,
  idempotencyKey: z.string().min(1).max(100),
  body: SubmitAnswersRequestSchema,
  /** For the home screen: whose survey it is. */
  patientName: z.string(),
  surveyLabel: z.string(),
  queuedAt: z.string(),
  /** Set when the server refused it for good (a 4xx other than a conflict): why. */
  refusal: z.string().nullable(),
});
export type QueuedSubmission = z.infer<typeof QueuedSubmissionSchema>;
const QueueSchema = z.array(QueuedSubmissionSchema);

const QUEUE_KEY = 'ans_list';

function readQueue(): QueuedSubmission[] {
  return parseStored(readRaw(QUEUE_KEY), QueueSchema) ?? [];
}

function writeQueue(queue: QueuedSubmission[]): boolean {
  return writeStored(QUEUE_KEY, queue);
}

/** Adds (or replaces, by key) a submission; false when the browser refused to store it. */
export function enqueueSubmission(entry: Omit<QueuedSubmission, 'queuedAt' | 'refusal'>): boolean {
  const queue = readQueue().filter((item) => item.idempotencyKey !== entry.idempotencyKey);
  return writeQueue([...queue, { ...entry, queuedAt: new Date().toISOString(), refusal: null }]);
}

export function removeQueuedSubmission(idempotencyKey: string): void {
  writeQueue(readQueue().filter((item) => item.idempotencyKey !== idempotencyKey));
}

/** The signed-in user's queued submissions, kept up to date. */
export function useQueuedSubmissions(userId: string): QueuedSubmission[] {
  const raw = useSyncExternalStore(subscribeToStorage, () => readRaw(QUEUE_KEY));
  return useMemo(
    () => (parseStored(raw, QueueSchema) ?? []).filter((item) => item.userId === userId),
    [raw, userId],
  );
}

/** What became of one attempt to submit. */
export type SubmitOutcome =
  | { kind: 'accepted'; surveyIdList: string[] }
  /**
   * No answer, a timeout, a server fault or unavailable (5xx, 503 included), a rate limit or an
   * ended session: worth sending again later.
   */
  | { kind: 'unreachable' }
  /** The survey was already submitted (by this device's earlier attempt or someone else). */
  | { kind: 'already-submitted' }
  /** The server refused the answers themselves; sending them again will not help. */
  | { kind: 'refused'; message: string };

/**
 * Until this time (ms since the epoch) the server asked not to be sent work again: the
 * `Retry-After` of its last refusal (a 503 while its database is busy or away, ADR 007). Only the
 * background sender waits for it; a person pressing "Send now" is always let through.
 */
let retryNotBefore = 0;

/** Remembers the `Retry-After` of a failed attempt, if the server sent one. */
export function noteRetryAfter(error: unknown): void {
  if (error instanceof ApiError && error.retryAfterMs !== null) {
    retryNotBefore = Date.now() + error.retryAfterMs;
  }
}

/** Whether the background sender may try again (the server's Retry-After has passed). */
export function retryAllowed(): boolean {
  return Date.now() >= retryNotBefore;
}

/** What a failed attempt means for the answers (see SubmitOutcome). */
export function classifySubmitError(error: unknown): Exclude<SubmitOutcome, { kind: 'accepted' }> {
  if (!(error instanceof ApiError) || error.kind !== 'http') return { kind: 'unreachable' };
  const status = error.status ?? 0;
  if (status >= 500 || status === 401 || status === 429) return { kind: 'unreachable' };
  if (status === 409) return { kind: 'already-submitted' };
  return { kind: 'refused', message: errorMessage(error) };
}

export async function trySubmit(
  body: SubmitAnswersRequest,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  try {
    const response = await submitAnswers(body, idempotencyKey);
    retryNotBefore = 0;
    return { kind: 'accepted', surveyIdList: response.survey_id_list };
  } catch (error) {
    noteRetryAfter(error);
    return classifySubmitError(error);
  }
}

let sending = false;

/**
 * Sends the user's queued submissions one by one. Stops at the first one the server cannot be
 * reached for (the rest would fail the same way). Returns how many were accepted.
 */
export async function sendQueuedSubmissions(userId: string): Promise<number> {
  if (sending) return 0;
  sending = true;
  let accepted = 0;
  try {
    for (const entry of readQueue()) {
      if (entry.userId !== userId || entry.refusal !== null) continue;
      const outcome = await trySubmit(entry.body, entry.idempotencyKey);
      if (outcome.kind === 'unreachable') break;
      if (outcome.kind === 'refused') {
        writeQueue(
          readQueue().map((item) =>
            item.idempotencyKey === entry.idempotencyKey
              ? { ...item, refusal: outcome.message }
              : item,
          ),
        );
        continue;
      }
      removeQueuedSubmission(entry.idempotencyKey);
      if (outcome.kind === 'accepted') {
        accepted += 1;
        markFinished({
          userId,
          surveyId: entry.body.patient_id,
          patientName: entry.patientName,
          surveyLabel: entry.surveyLabel,
          surveyIdList: outcome.surveyIdList,
          queued: false,
        });
      }
    }
  } finally {
    sending = false;
  }
  // The staff member is told when answers that waited on the tablet have gone (issue 17).
  if (accepted > 0) toast.success(BEDSIDE_TEXT.sent(accepted));
  return accepted;
}
