import { goBack, isCulinarySet, UI_TEXT, type Question } from '@carevoice/shared';
import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { REDIRECT_TO_CULINARY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import type { SetSurveyFlowState } from '@/lib/flow-state';
import { useSetQuestions } from '../api/get-set-questions';
import { buildSubmission } from '../draft/build-submission';
import type { Draft } from '../draft-store';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useSubmitSurvey } from '../hooks/use-submit-survey';
import { setDrafts } from '../set-drafts';
import { AcknowledgeEmployees } from './acknowledge-employees';
import { ConfirmSubmit } from './confirm-submit';
import { NoQuestions } from './no-questions';
import { QuestionRunner, type RunnerProgress } from './question-runner';
import { YesNoQuestion } from './yes-no-question';

const text = UI_TEXT.surveySets;

function fits(draft: Draft<SetSurveyFlowState>, questions: readonly Question[]): boolean {
  const ids = new Set(questions.map((question) => question.id));
  return (
    draft.index <= questions.length && draft.history.every((entry) => ids.has(entry.questionId))
  );
}

/**
 * Survey set questions (spec §2, /survey-set-questions): the resident question screen with a
 * comments box under every question, Prev disabled at the first; then 'Are there any employees
 * you would like to acknowledge for outstanding service?'. Yes opens the culinary department
 * review for a culinary set (after 1 s), the employee picker otherwise; then 'Are you sure you
 * want to submit?' with Back and 'Submit Answers'. Progress lives in the device's draft.
 */
export function SetSurvey({ flow }: { flow: SetSurveyFlowState }) {
  const profile = useSession();
  const questions = useSetQuestions(flow.surveySetId);
  const stored = setDrafts.useDraft(profile.sf_user_id);
  const draft = stored?.flow.patientId === flow.patientId ? stored : undefined;
  const { submit, sending, done } = useSubmitSurvey();
  const navigateLater = useDelayedNavigate();
  const [toCulinary, setToCulinary] = useState(false);
  const culinary = isCulinarySet(flow.surveySetName);

  const needsFreshDraft = !done && questions.isSuccess && (!draft || !fits(draft, questions.data));
  useEffect(() => {
    if (!needsFreshDraft) return;
    const fresh = setDrafts.create(profile.sf_user_id, flow);
    setDrafts.save(draft ? { ...fresh, idempotencyKey: draft.idempotencyKey } : fresh);
  }, [needsFreshDraft, draft, flow, profile.sf_user_id]);

  if (questions.isPending) return <Spinner label={UI_TEXT.questions.loadingQuestions} />;
  if (questions.isError || questions.data.length === 0) return <NoQuestions />;
  if (sending || done || toCulinary) return <Spinner label={UI_TEXT.questions.submitting} />;
  if (!draft || needsFreshDraft) return <Spinner label={UI_TEXT.questions.loadingQuestions} />;
  if (draft.stage === 'employees' && culinary) {
    return <Navigate to={paths.culinaryDepartmentReview} state={flow} replace />;
  }

  const list = questions.data;
  const update = (progress: RunnerProgress) => setDrafts.save({ ...draft, ...progress });
  const submitSurvey = () =>
    submit({
      body: buildSubmission(draft),
      idempotencyKey: draft.idempotencyKey,
      patientName: flow.patientName,
      surveyLabel: flow.surveySetName,
      clearDraft: setDrafts.clear,
    });

  let content;
  if (draft.index < list.length) {
    content = (
      <QuestionRunner
        questions={list}
        progress={draft}
        onChange={update}
        withComments
        disablePrevAtFirst
      />
    );
  } else if (draft.stage === 'confirm') {
    content = (
      <ConfirmSubmit
        onBack={() => setDrafts.save({ ...draft, stage: 'questions' })}
        onSubmit={submitSurvey}
        busy={sending}
      />
    );
  } else if (draft.stage === 'employees') {
    content = (
      <AcknowledgeEmployees
        facilityId={flow.facilityId}
        acknowledgements={draft.acknowledgements}
        onAdd={(entry) =>
          setDrafts.save({ ...draft, acknowledgements: [...draft.acknowledgements, entry] })
        }
        onDone={() => setDrafts.save({ ...draft, stage: 'confirm' })}
        onLeave={() => setDrafts.save({ ...draft, stage: 'questions' })}
      />
    );
  } else {
    content = (
      <YesNoQuestion
        title={text.acknowledge}
        onYes={() => {
          setDrafts.save({ ...draft, stage: 'employees' });
          if (culinary) {
            setToCulinary(true);
            navigateLater(paths.culinaryDepartmentReview, REDIRECT_TO_CULINARY_MS, flow);
          }
        }}
        onNo={() => setDrafts.save({ ...draft, stage: 'confirm' })}
        onPrev={() => {
          const result = goBack(list, draft);
          if (!result.ok) return;
          const removed = draft.history.at(-1);
          update({ ...draft, ...result.state, pending: removed?.answer ?? null });
        }}
      />
    );
  }

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Text c="dimmed" fw={500}>
        {flow.patientName} · {flow.surveySetName}
      </Text>
      {content}
    </Stack>
  );
}
