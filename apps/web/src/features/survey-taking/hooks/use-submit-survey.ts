import { MESSAGES, type SubmitAnswersRequest } from '@carevoice/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { REDIRECT_AFTER_DISCHARGE_MS, REDIRECT_AFTER_SUBMIT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { PrintFlowState } from '@/lib/flow-state';
import { submitAnswers } from '../api/submit-answers';
import { markFinished } from '../finished-surveys';
import { classifySubmitError, enqueueSubmission, noteRetryAfter } from '../submission-queue';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';

export interface SurveySubmission {
  body: SubmitAnswersRequest;
  idempotencyKey: string;
  patientName: string;
  /** '{type}' of the print title: the survey type, or the set's name. */
  surveyLabel: string;
  /** The answers have left the draft: the server has them, or they wait in the send queue. */
  onSubmitted: () => void;
}

/** Home after a failure, as long as after a discharge (spec §9: 2000 ms after failures). */
const REDIRECT_AFTER_FAILURE_MS = REDIRECT_AFTER_DISCHARGE_MS;

/**
 * Submits a finished survey (spec §8, DESIGN §6):
 * - accepted: 'Successfully submitted.', the draft is cleared, the print screen after 1 s;
 * - no answer / server fault or unavailable (5xx, 503 too) / ended session: 'Something went
 *   wrong.', the answers move to the device's queue (sent again automatically, after the
 *   server's Retry-After if it sent one; counted on Home), Home after 2 s;
 * - already submitted (409): said so, the draft is cleared, Home after 2 s;
 * - refused (400, 403…): the server's reason; the draft stays so nothing is lost.
 * Once the server has answered for the answers (or they are queued), nothing is sent twice.
 */
export function useSubmitSurvey() {
  const navigateLater = useDelayedNavigate();
  const [done, setDone] = useState(false);
  const mutation = useMutation({
    mutationFn: (submission: SurveySubmission) =>
      submitAnswers(submission.body, submission.idempotencyKey),
    // Sent whatever the browser says about the connection: offline the call fails at once and the
    // answers go to the queue, rather than waiting unseen for the connection behind a spinner.
    networkMode: 'always',
  });

  const submit = (submission: SurveySubmission) => {
    if (mutation.isPending || done) return;
    const finished = (surveyIdList: string[], queued: boolean) =>
      markFinished({
        userId: submission.body.sf_user_id,
        surveyId: submission.body.patient_id,
        patientName: submission.patientName,
        surveyLabel: submission.surveyLabel,
        surveyIdList,
        queued,
      });
    mutation.mutate(submission, {
      onSuccess: (response) => {
        setDone(true);
        finished(response.survey_id_list, false);
        submission.onSubmitted();
        toast.success(MESSAGES.successfullySubmitted);
        const state: PrintFlowState = {
          survey_id_list: response.survey_id_list,
          patientName: submission.patientName,
          surveyLabel: submission.surveyLabel,
        };
        navigateLater(paths.printSurvey, REDIRECT_AFTER_SUBMIT_MS, state);
      },
      onError: (error) => {
        noteRetryAfter(error);
        const outcome = classifySubmitError(error);
        if (outcome.kind === 'refused') {
          toast.error(outcome.message);
          return;
        }
        setDone(true);
        if (outcome.kind === 'already-submitted') {
          finished([], false);
          submission.onSubmitted();
          toast.info(MESSAGES.surveyAlreadyCompleted);
        } else {
          const queued = enqueueSubmission({
            userId: submission.body.sf_user_id,
            idempotencyKey: submission.idempotencyKey,
            body: submission.body,
            patientName: submission.patientName,
            surveyLabel: submission.surveyLabel,
          });
          if (!queued) {
            // The device cannot keep them: stay on the screen with the answers in memory.
            setDone(false);
            toast.error(MESSAGES.storageUnavailable);
            return;
          }
          finished([], true);
          submission.onSubmitted();
          toast.error(MESSAGES.somethingWentWrongSubmit);
          toast.info(MESSAGES.submissionQueued);
        }
        navigateLater(paths.home, REDIRECT_AFTER_FAILURE_MS);
      },
    });
  };

  return { submit, sending: mutation.isPending };
}
