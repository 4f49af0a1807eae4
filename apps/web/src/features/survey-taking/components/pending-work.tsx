import { UI_TEXT } from '@carevoice/shared';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/features/auth';
import { surveyLabel } from '../draft/draft';
import { removeDraft, useStoredDraft } from '../draft/draft-storage';
import { routeForStage } from '../draft/route-for-stage';
import {
  removeQueuedSubmission,
  sendQueuedSubmissions,
  useQueuedSubmissions,
} from '../submission-queue';

const text = UI_TEXT.pendingWork;

/**
 * Home's view of what exists only on this tablet (DESIGN §6): a survey in progress to continue
 * (after a reload or an idle sign-out), submissions waiting for the server, and any the server
 * refused. Renders nothing when there is nothing.
 */
export function PendingWork() {
  const profile = useSession();
  const navigate = useNavigate();
  const residentDraft = useStoredDraft('resident', profile.sf_user_id);
  const setDraft = useStoredDraft('set', profile.sf_user_id);
  const queued = useQueuedSubmissions(profile.sf_user_id);
  const [sending, setSending] = useState(false);
  const [discarding, setDiscarding] = useState<(() => void) | null>(null);

  const drafts = [residentDraft, setDraft].filter((draft) => draft !== undefined);
  const waiting = queued.filter((entry) => entry.refusal === null);
  const refused = queued.filter((entry) => entry.refusal !== null);
  if (drafts.length === 0 && queued.length === 0) return null;

  const resumes = drafts.map((draft) => ({
    key: draft.kind,
    label: text.resume(draft.flow.patientName, surveyLabel(draft)),
    open: () => {
      const route = routeForStage(draft);
      if (route) void navigate(route, { state: draft.flow });
    },
    discard: () => removeDraft(draft.kind, draft.userId),
  }));

  const sendNow = async () => {
    setSending(true);
    try {
      await sendQueuedSubmissions(profile.sf_user_id);
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" aria-labelledby="pending-work-heading" component="section">
      <Stack gap="md">
        <Title order={2} fz="lg" id="pending-work-heading">
          {text.heading}
        </Title>
        {resumes.map((resume) => (
          <Group key={resume.key} justify="space-between" gap="sm">
            <Text fw={500}>{resume.label}</Text>
            <Group gap="xs">
              <Button onClick={resume.open}>{text.continue}</Button>
              <Button variant="default" onClick={() => setDiscarding(() => resume.discard)}>
                {text.discard}
              </Button>
            </Group>
          </Group>
        ))}
        {waiting.length > 0 && (
          <Group justify="space-between" gap="sm">
            <Text role="status" fw={500}>
              {text.waiting(waiting.length)}
            </Text>
            <Button variant="light" loading={sending} onClick={() => void sendNow()}>
              {text.sendNow}
            </Button>
          </Group>
        )}
        {refused.map((entry) => (
          <Alert
            key={entry.idempotencyKey}
            color="red"
            title={text.refused(entry.patientName, entry.surveyLabel)}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{entry.refusal}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  setDiscarding(() => () => removeQueuedSubmission(entry.idempotencyKey))
                }
              >
                {text.discard}
              </Button>
            </Stack>
          </Alert>
        ))}
      </Stack>
      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={text.discard}
        centered
      >
        <Stack gap="md">
          <Text>{text.discardConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              {text.keep}
            </Button>
            <Button
              color="red"
              onClick={() => {
                discarding?.();
                setDiscarding(null);
              }}
            >
              {text.discard}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
