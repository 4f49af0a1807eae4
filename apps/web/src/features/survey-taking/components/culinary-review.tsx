import { MESSAGES, UI_TEXT, type AcknowledgementEntry } from '@carevoice/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ChoiceCard } from '@/components/choice-card';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-error';
import { useCulinaryEmployees } from '../api/get-culinary-employees';
import { AcknowledgedList } from './acknowledge-employees';
import { ConfirmSubmit } from './confirm-submit';
import type { PickedEmployee } from './employee-picker';
import { ReviewModal } from './review-modal';
import { YesNoQuestion } from './yes-no-question';

const text = UI_TEXT.surveySets;

export interface CulinaryReviewProps {
  facilityId: string;
  /** The acknowledgements given so far in this survey. */
  acknowledgements: readonly AcknowledgementEntry[];
  /** 'Are you sure you want to submit?' is asked. */
  confirming: boolean;
  onAdd: (entry: AcknowledgementEntry) => void;
  /** No other employee: confirm. */
  onDone: () => void;
  /** Back: to the acknowledgement question before anyone was acknowledged, or from confirming. */
  onBack: () => void;
  /** 'Submit Answers'. */
  onSubmit: () => void;
  busy: boolean;
}

/**
 * Culinary department review (spec §2, §4): 'Active Employees' cards of the facility's culinary
 * team, the review modal, 'Is there any other employee you would like to acknowledge?', then
 * 'Submit Answers'. With no active employees it says so and still lets the survey be submitted.
 */
export function CulinaryReview({
  facilityId,
  acknowledgements,
  confirming,
  onAdd,
  onDone,
  onBack,
  onSubmit,
  busy,
}: CulinaryReviewProps) {
  const employees = useCulinaryEmployees(facilityId);
  const [picking, setPicking] = useState(acknowledgements.length === 0);
  const [chosen, setChosen] = useState<PickedEmployee | null>(null);

  let content;
  if (confirming) {
    content = <ConfirmSubmit onBack={onBack} onSubmit={onSubmit} busy={busy} />;
  } else if (!picking) {
    content = (
      <YesNoQuestion
        title={UI_TEXT.questions.anotherEmployee}
        onYes={() => setPicking(true)}
        onNo={onDone}
      />
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
        <Button size="lg" onClick={onSubmit}>
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
            onClick={() => setChosen({ ...employee, code: employee.employee_code })}
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
    <>
      <Group justify="space-between" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {text.activeEmployees}
        </Title>
        {!confirming && picking && acknowledgements.length === 0 && (
          <Button variant="subtle" onClick={onBack}>
            {text.back}
          </Button>
        )}
      </Group>
      <AcknowledgedList entries={acknowledgements} />
      {content}
      <ReviewModal
        employee={chosen}
        onClose={() => setChosen(null)}
        onSubmit={(acknowledgement) => {
          onAdd(acknowledgement);
          setChosen(null);
          setPicking(false);
        }}
      />
    </>
  );
}
