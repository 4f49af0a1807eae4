import { goBack, UI_TEXT, type Question } from '@carevoice/shared';
import { Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import type { SurveyFlowState } from '@/lib/flow-state';
import { useQuestions } from '../api/get-questions';
import { buildSubmission } from '../draft/build-submission';
import type { Draft } from '../draft-store';
import { useSubmitSurvey } from '../hooks/use-submit-survey';
import { residentDrafts } from '../resident-drafts';
import { NoQuestions } from './no-questions';
import { QuestionRunner, type RunnerProgress } from './question-runner';
import { YesNoQuestion } from './yes-no-question';

const text = UI_TEXT.questions;

/** Whether a kept draft still fits the questionnaire (it may have changed since). */
function fits(draft: Draft<SurveyFlowState>, questions: readonly Question[]): boolean {
  const ids = new Set(questions.map((question) => question.id));
  return (
    draft.index <= questions.length && draft.history.every((entry) => ids.has(entry.questionId))
  );
}

/**
 * The question screen of Admission and Discharge surveys (spec §2, /survey-question): the
 * questions one by one, then 'Are there any employees you would like to acknowledge for doing a
 * good job?' — Yes opens the employee review, No submits. Progress lives in the device's draft,
 * so a reload (or signing in again) continues here.
 */
export function ResidentSurvey({ flow }: { flow: SurveyFlowState }) {
  const profile = useSession();
  const navigate = useNavigate();
  const questions = useQuestions(flow.surveyType, flow.facilityId);
  const stored = residentDrafts.useDraft(profile.sf_user_id);
  const draft = stored?.flow.patientId === flow.patientId ? stored : undefined;
  const { submit, sending, done } = useSubmitSurvey();

  const needsFreshDraft = !done && questions.isSuccess && (!draft || !fits(draft, questions.data));
  useEffect(() => {
    if (!needsFreshDraft) return;
    const fresh = residentDrafts.create(profile.sf_user_id, flow);
    // Keep the key of a survey already started here: the server has seen no other body for it.
    residentDrafts.save(draft ? { ...fresh, idempotencyKey: draft.idempotencyKey } : fresh);
  }, [needsFreshDraft, draft, flow, profile.sf_user_id]);

  if (questions.isPending) return <Spinner label={text.loadingQuestions} />;
  if (questions.isError || questions.data.length === 0) return <NoQuestions />;
  if (sending || done) return <Spinner label={text.submitting} />;
  if (!draft || needsFreshDraft) return <Spinner label={text.loadingQuestions} />;
  if (draft.stage === 'employees') {
    return <Navigate to={paths.employeeReview} state={flow} replace />;
  }

  const list = questions.data;
  const update = (progress: RunnerProgress) => residentDrafts.save({ ...draft, ...progress });

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Text c="dimmed" fw={500}>
        {flow.patientName} · {flow.surveyType}
      </Text>
      {draft.index < list.length ? (
        <QuestionRunner questions={list} progress={draft} onChange={update} />
      ) : (
        <YesNoQuestion
          title={text.acknowledgeHeading(text.acknowledge)}
          onYes={() => {
            residentDrafts.save({ ...draft, stage: 'employees' });
            void navigate(paths.employeeReview, { state: flow });
          }}
          onNo={() =>
            submit({
              body: buildSubmission(draft),
              idempotencyKey: draft.idempotencyKey,
              patientName: flow.patientName,
              surveyLabel: flow.surveyType,
              clearDraft: residentDrafts.clear,
            })
          }
          onPrev={() => {
            const result = goBack(list, draft);
            if (!result.ok) return;
            const removed = draft.history.at(-1);
            update({ ...draft, ...result.state, pending: removed?.answer ?? null });
          }}
        />
      )}
    </Stack>
  );
}
