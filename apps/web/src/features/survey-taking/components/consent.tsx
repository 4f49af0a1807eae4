import { UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { SurveyFlowState } from '@/lib/flow-state';

const text = UI_TEXT.questions;

/**
 * Consent (spec §2): Yes opens the questions, where the survey starts on the device (or goes on,
 * when it is already in progress here); No goes Home.
 */
export function Consent({ flow }: { flow: SurveyFlowState }) {
  const navigate = useNavigate();

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      <Stack gap="xl">
        <Stack gap={4}>
          <Text c="dimmed" fw={500}>
            {flow.patientName} · {flow.surveyType}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {text.consent}
          </Title>
        </Stack>
        <Group grow>
          <Button size="xl" onClick={() => void navigate(paths.surveyQuestion, { state: flow })}>
            {text.yes}
          </Button>
          <Button size="xl" variant="default" onClick={() => void navigate(paths.home)}>
            {text.no}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
