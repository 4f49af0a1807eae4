import { answerProblem, INTERVIEW_TEXT, type Question } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-error';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useOnline } from '@/lib/use-online';
import { useSurveyBreakOff } from '../api/survey-break-off';
import { buildSubmission } from '../draft/build-submission';
import { surveyLabel, type Draft } from '../draft/draft';
import { markFinished } from '../finished-surveys';

const text = INTERVIEW_TEXT.breakOff;

/** What the staff are told when ending early failed; null when the survey was closed (409). */
function failureOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return text.failed;
  if (error.status === 409) return null;
  return (error.status ?? 500) >= 500 ? text.failed : errorMessage(error);
}

/**
 * "End interview early" during the questions (ADR 060): a confirmation that says how many answers
 * are kept — Keep going has the focus — then the answers given so far (with a valid one chosen on
 * screen but not yet confirmed) go to the server and the survey closes as partial; it
 * leaves the due list and never opens again on this tablet. A break-off is not queued on the
 * device (a repeat is refused), so the button is off without a connection.
 */
export function BreakOff({
  draft,
  questions,
  onEnded,
}: {
  draft: Draft;
  questions: readonly Question[];
  onEnded: () => void;
}) {
  const online = useOnline();
  const reasonId = useId();
  const navigate = useNavigate();
  const breakOff = useSurveyBreakOff();
  const [opened, setOpened] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Kept: the answers confirmed with Next, and what is chosen on the question on screen when Next
  // would take it (an interviewer who picked the resident's answer and then ended expects it
  // kept): a non-answer, or an answer not blank with no problem; not one Next would refuse.
  const question = questions[draft.index];
  const { pending, pendingNonAnswer: nonAnswer } = draft;
  const kept =
    question && (nonAnswer || pending?.trim()) && !answerProblem(question, pending, nonAnswer)
      ? [...draft.history, { questionId: question.id, answer: pending, nonAnswer }]
      : draft.history;

  const close = () => {
    if (breakOff.isPending) return;
    setOpened(false);
    setProblem(null);
  };
  const leave = (message: string, kind: 'success' | 'info') => {
    markFinished({
      userId: draft.userId,
      surveyId: draft.flow.patientId,
      patientName: draft.flow.patientName,
      surveyLabel: surveyLabel(draft),
      surveyIdList: [],
      queued: false,
    });
    onEnded();
    toast[kind](message);
    void navigate(paths.home);
  };
  const confirm = () => {
    if (breakOff.isPending) return;
    const { survey_answer_list, respondent } = buildSubmission({ ...draft, history: kept });
    breakOff.mutate(
      {
        patientId: draft.flow.patientId,
        survey_answer_list,
        ...(respondent ? { respondent } : {}),
      },
      {
        onSuccess: () => leave(text.saved, 'success'),
        onError: (error) => {
          const failure = failureOf(error);
          if (failure === null) leave(text.alreadyClosed, 'info');
          else setProblem(failure);
        },
      },
    );
  };

  return (
    <Stack gap={4} align="flex-start" data-print-hide>
      <Button
        variant="default"
        disabled={!online}
        aria-describedby={online ? undefined : reasonId}
        onClick={() => setOpened(true)}
      >
        {text.open}
      </Button>
      {!online && (
        <Text size="sm" id={reasonId}>
          {text.offline}
        </Text>
      )}
      <Modal opened={opened} onClose={close} title={text.heading} centered>
        <Stack gap="md">
          <Text>{text.body(kept.length)}</Text>
          {breakOff.isPending && (
            <Text role="status" size="sm">
              {text.sending}
            </Text>
          )}
          {problem && (
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus disabled={breakOff.isPending}>
              {text.cancel}
            </Button>
            <Button color="red" onClick={confirm} loading={breakOff.isPending}>
              {text.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
