import { DISCHARGE_REASONS, MESSAGES, UI_TEXT, type DischargeReason } from '@carevoice/shared';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { REDIRECT_AFTER_DISCHARGE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import type { SurveyFlowState } from '@/lib/flow-state';
import { useResidentDischarged } from '../api/resident-discharged';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { choicePath, dischargePrompt } from '../survey-paths';

const text = UI_TEXT.surveys;

function isDischargeReason(value: string | null): value is DischargeReason {
  return (DISCHARGE_REASONS as readonly (string | null)[]).includes(value);
}

/**
 * Resident discharged (spec §2, §5, §8): the prompt of the survey type, a reason ('Select a
 * reason' when none is chosen; nothing is sent), Submit and Back. Success says 'Successfully
 * updated' and opens Home after 2 s; a failure says 'Something went wrong'.
 */
export function ResidentDischargedForm({ flow }: { flow: SurveyFlowState }) {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const profile = useSession();
  const discharge = useResidentDischarged();
  const [reason, setReason] = useState<DischargeReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const busy = discharge.isPending || done;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError(MESSAGES.selectReason);
      return;
    }
    discharge.mutate(
      { user_id: profile.sf_user_id, patientId: flow.patientId, reason },
      {
        onSuccess: () => {
          setDone(true);
          toast.success(MESSAGES.dischargeUpdated);
          navigateLater(paths.home, REDIRECT_AFTER_DISCHARGE_MS);
        },
        onError: () => toast.error(MESSAGES.somethingWentWrong),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text c="dimmed" fw={500}>
              {flow.patientName} · {text.choiceLabel(flow.surveyType)}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {dischargePrompt(flow.surveyType)}
            </Title>
          </Stack>
          <Select
            label={text.reason}
            placeholder={text.reasonPlaceholder}
            data={[...DISCHARGE_REASONS]}
            value={reason}
            onChange={(value) => {
              setReason(isDischargeReason(value) ? value : null);
              setError(null);
            }}
            error={error}
            errorProps={{ role: 'alert' }}
            disabled={busy}
            allowDeselect={false}
          />
          <Group grow>
            <Button
              size="lg"
              variant="default"
              disabled={busy}
              onClick={() => void navigate(choicePath(flow.surveyType), { state: flow })}
            >
              {text.back}
            </Button>
            <Button type="submit" size="lg" disabled={busy} loading={discharge.isPending}>
              {text.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
