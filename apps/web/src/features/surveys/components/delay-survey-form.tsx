import { DELAY_MAX_YEARS_AHEAD, MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ArrowLeftIcon } from '@/components/icons';
import { DATE_FORMAT, REDIRECT_AFTER_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import type { SurveyFlowState, SurveyListFlowState } from '@/lib/flow-state';
import { useDelaySurvey } from '../api/delay-survey';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { DateField } from './date-field';

const text = UI_TEXT.surveys;

/**
 * Delay survey (spec §2, §5, §8): a date from today to a year ahead (ADR 005), 'Please select a
 * date' when none is chosen (nothing is sent), 'Saving..' while the request runs, then
 * 'Successfully Saved' and the Discharge list again after 2 s. A refusal the server explains
 * (400) shows its reason; any other failure 'Something went wrong'.
 */
export function DelaySurveyForm({ flow }: { flow: SurveyFlowState }) {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const delay = useDelaySurvey();
  const [date, setDate] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const busy = delay.isPending || saved;
  const today = dayjs();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!date) {
      setError(MESSAGES.selectDelayDate);
      return;
    }
    delay.mutate(
      { date, patientId: flow.patientId },
      {
        onSuccess: () => {
          setSaved(true);
          toast.success(MESSAGES.delaySaved);
          const state: SurveyListFlowState = {
            facility_id: flow.facilityId,
            surveyType: 'Discharge',
          };
          navigateLater(paths.patientSurvey, REDIRECT_AFTER_DELAY_MS, state);
        },
        onError: (failure) =>
          toast.error(
            failure instanceof ApiError && failure.status === 400
              ? errorMessage(failure)
              : MESSAGES.somethingWentWrong,
          ),
      },
    );
  };

  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Group>
        <Button
          variant="subtle"
          leftSection={<ArrowLeftIcon size={20} />}
          onClick={() => void navigate(paths.dischargeSurveyAsking, { state: flow })}
          disabled={busy}
        >
          {text.back}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1}>{text.delayHeading}</Title>
              <Text c="dimmed" fw={500}>
                {flow.patientName} · {text.choiceLabel(flow.surveyType)}
              </Text>
            </Stack>
            <DateField
              label={text.delayDate}
              placeholder={text.delayDatePlaceholder}
              value={date}
              onChange={(value) => {
                setDate(value);
                setError(null);
              }}
              minDate={today.format(DATE_FORMAT)}
              maxDate={today.add(DELAY_MAX_YEARS_AHEAD, 'year').format(DATE_FORMAT)}
              highlightToday
              error={error}
              errorProps={{ role: 'alert' }}
              disabled={busy}
            />
            <Button type="submit" size="lg" fullWidth disabled={busy}>
              {delay.isPending ? text.saving : text.save}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
