import { UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import type { SurveyFlowState } from '@/lib/flow-state';
import { residentDrafts } from '../resident-drafts';

const text = UI_TEXT.questions;

/**
 * Consent (spec §2): Yes opens the questions, No goes Home. Yes starts the survey on the device
 * (its draft and idempotency key) unless this survey is already in progress here.
 */
export function Consent({ flow }: { flow: SurveyFlowState }) {
  const navigate = useNavigate();
  const profile = useSession();

  const accept = () => {
    const existing = residentDrafts.read(profile.sf_user_id);
    if (existing?.flow.patientId !== flow.patientId) {
      residentDrafts.save(residentDrafts.create(profile.sf_user_id, flow));
    }
    void navigate(paths.surveyQuestion, { state: flow });
  };

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
          <Button size="xl" onClick={accept}>
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
