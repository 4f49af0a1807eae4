import { MESSAGES, UI_TEXT, type CulinaryEmployee } from '@carevoice/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ChoiceCard } from '@/components/choice-card';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { errorMessage } from '@/lib/api-error';
import type { SetSurveyFlowState } from '@/lib/flow-state';
import { useCulinaryEmployees } from '../api/get-culinary-employees';
import { buildSubmission } from '../draft/build-submission';
import { useSubmitSurvey } from '../hooks/use-submit-survey';
import { setDrafts } from '../set-drafts';
import { AcknowledgedList } from './acknowledge-employees';
import { ConfirmSubmit } from './confirm-submit';
import { ReviewModal } from './review-modal';
import { YesNoQuestion } from './yes-no-question';

const text = UI_TEXT.surveySets;

type Step = 'pick' | 'another' | 'confirm';

/**
 * Culinary department review (spec §2, §4): 'Active Employees' cards of the facility's culinary
 * team, the review modal, 'Is there any other employee you would like to acknowledge?', then
 * 'Submit Answers'. With no active employees it says so and still lets the survey be submitted.
 */
export function CulinaryReview({ flow }: { flow: SetSurveyFlowState }) {
  const profile = useSession();
  const stored = setDrafts.useDraft(profile.sf_user_id);
  const draft = stored?.flow.patientId === flow.patientId ? stored : undefined;
  const employees = useCulinaryEmployees(flow.facilityId);
  const { submit, sending, done } = useSubmitSurvey();
  const [step, setStep] = useState<Step>(() =>
    draft && draft.acknowledgements.length > 0 ? 'another' : 'pick',
  );
  const [chosen, setChosen] = useState<CulinaryEmployee | null>(null);

  if (sending || done) return <Spinner label={UI_TEXT.questions.submitting} />;
  if (!draft || draft.stage !== 'employees') {
    return <Navigate to={paths.surveySetQuestions} state={flow} replace />;
  }

  const submitSurvey = () =>
    submit({
      body: buildSubmission(draft),
      idempotencyKey: draft.idempotencyKey,
      patientName: flow.patientName,
      surveyLabel: flow.surveySetName,
      clearDraft: setDrafts.clear,
    });

  const backToQuestions = () => {
    setDrafts.save({ ...draft, stage: 'questions' });
  };

  let content;
  if (step === 'another') {
    content = (
      <YesNoQuestion
        title={UI_TEXT.questions.anotherEmployee}
        onYes={() => setStep('pick')}
        onNo={() => setStep('confirm')}
      />
    );
  } else if (step === 'confirm') {
    content = (
      <ConfirmSubmit onBack={() => setStep('another')} onSubmit={submitSurvey} busy={sending} />
    );
  } else if (employees.isPending) {
    content = <Spinner label={UI_TEXT.questions.loadingEmployees} />;
  } else if (employees.isError) {
    content = (
      <Paper withBorder radius="lg" p="lg">
        <Stack align="flex-start">
          <Text role="alert" c="var(--mantine-color-error)" fw={500}>
            {errorMessage(employees.error) || MESSAGES.somethingWentWrong}
          </Text>
          <Button onClick={() => void employees.refetch()} loading={employees.isFetching}>
            {UI_TEXT.home.retry}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (employees.data.length === 0) {
    content = (
      <Stack gap="md" align="flex-start">
        <Text role="status" size="lg" fw={500}>
          {text.noActivePatients}
        </Text>
        <Button size="lg" onClick={submitSurvey}>
          {text.submitAnswers}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {employees.data.map((employee) => (
          <ChoiceCard
            key={employee.employee_code}

            onClick={() => setChosen(employee)}
          >
            <Stack gap={2}>
              <span>{employee.name}</span>
              <Text component="span" size="sm" c="dimmed" fw={400}>
                {employee.position}
              </Text>
            </Stack>
          </ChoiceCard>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Text c="dimmed" fw={500}>
        {flow.patientName} · {flow.surveySetName}
      </Text>
      <Group justify="space-between" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {text.activeEmployees}
        </Title>
        {step === 'pick' && draft.acknowledgements.length === 0 && (
          <Button variant="subtle" onClick={backToQuestions}>
            {text.back}
          </Button>
        )}
      </Group>
      <AcknowledgedList entries={draft.acknowledgements} />
      {content}
      <ReviewModal
        employee={chosen}
        onClose={() => setChosen(null)}
        onSubmit={(review) => {
          if (!chosen) return;
          setDrafts.save({
            ...draft,
            acknowledgements: [
              ...draft.acknowledgements,
              {
                id: chosen.employee_code,
                name: chosen.name,
                position: chosen.position,
                department: chosen.department,
                comment: review,
              },
            ],
          });
          setChosen(null);
          setStep('another');
        }}
      />
    </Stack>
  );
}
