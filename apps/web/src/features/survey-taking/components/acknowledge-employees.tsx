import { MESSAGES, UI_TEXT, type AcknowledgementEntry } from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-error';
import { useActiveEmployees } from '../api/get-active-employees';
import { EmployeePicker, type PickedEmployee } from './employee-picker';
import { ReviewModal } from './review-modal';
import { YesNoQuestion } from './yes-no-question';

const text = UI_TEXT.questions;

export interface AcknowledgeEmployeesProps {
  facilityId: string;
  /** The acknowledgements given so far in this survey. */
  acknowledgements: readonly AcknowledgementEntry[];
  onAdd: (entry: AcknowledgementEntry) => void;
  /** No more employees: go on (submit, or confirm first). */
  onDone: () => void;
  /** The back arrow before anyone was acknowledged: back to the acknowledgement question. */
  onLeave: () => void;
  busy?: boolean;
}

/** The acknowledgements so far, as a quiet row of names. */
export function AcknowledgedList({ entries }: { entries: readonly AcknowledgementEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Text fw={600}>{text.acknowledged}</Text>
        <Group gap="xs">
          {entries.map((entry, index) => (
            <Badge key={`${entry.id}-${index}`} size="lg" variant="light" tt="none">
              {entry.name} · {entry.position}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Acknowledging employees (spec §2 Employee review, §4): department → position → employee, the
 * 'Add review here' modal, then 'Is there any other employee you would like to acknowledge?' —
 * Yes picks again, No calls `onDone`.
 */
export function AcknowledgeEmployees({
  facilityId,
  acknowledgements,
  onAdd,
  onDone,
  onLeave,
  busy = false,
}: AcknowledgeEmployeesProps) {
  const employees = useActiveEmployees(facilityId);
  const [picking, setPicking] = useState(acknowledgements.length === 0);
  const [chosen, setChosen] = useState<PickedEmployee | null>(null);

  const addReview = (acknowledgement: AcknowledgementEntry) => {
    onAdd(acknowledgement);
    setChosen(null);
    setPicking(false);
  };

  return (
    <Stack gap="lg">
      <AcknowledgedList entries={acknowledgements} />
      {!picking ? (
        <YesNoQuestion
          title={text.anotherEmployee}
          onYes={() => setPicking(true)}
          onNo={onDone}
          busy={busy}
        />
      ) : employees.isPending ? (
        <Spinner label={text.loadingEmployees} />
      ) : employees.isError ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack align="flex-start">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {errorMessage(employees.error) || MESSAGES.somethingWentWrong}
            </Text>
            <Group>
              <Button onClick={() => void employees.refetch()} loading={employees.isFetching}>
                {UI_TEXT.home.retry}
              </Button>
              <Button variant="default" onClick={onDone}>
                {text.submit}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <EmployeePicker
          employees={employees.data}
          onPick={setChosen}
          onLeave={acknowledgements.length > 0 ? () => setPicking(false) : onLeave}
        />
      )}
      <ReviewModal employee={chosen} onClose={() => setChosen(null)} onSubmit={addReview} />
    </Stack>
  );
}
