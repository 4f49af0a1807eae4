import { FIRST_RUN_TEXT } from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/back-office/load-failed';
import { useAccount } from '@/features/account';
import { useSession } from '@/features/auth';
import { useAdminSetup } from '../api/get-setup';
import { readChecklistHidden, writeChecklistHidden } from '../checklist-hidden';
import { firstRunSteps, type FirstRunStep } from '../first-run-steps';

const text = FIRST_RUN_TEXT;

function StepStatus({ done }: { done: boolean | null }) {
  if (done === null) {
    return (
      <Text fz="sm" c="dimmed">
        {text.afterTwoFactor}
      </Text>
    );
  }
  return (
    <Badge variant="light" color={done ? 'green' : 'gray'} c="dark" size="lg">
      {done ? `✓ ${text.done}` : text.toDo}
    </Badge>
  );
}

function StepItem({ step, next }: { step: FirstRunStep; next: boolean }) {
  const { title, description, count } = text.steps[step.key];
  return (
    <Paper component="li" withBorder radius="md" p="md" data-step={step.key}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={3} fz="lg">
              {title}
            </Title>
            <StepStatus done={step.done} />
          </Group>
          <Text>{description}</Text>
          {step.count !== null && step.count > 0 && (
            <Text fz="sm" fw={600}>
              {count(step.count)}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={step.to}
          variant={next ? 'filled' : 'default'}
          aria-label={text.openLabel(title)}
        >
          {text.open}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The first-run checklist (issue 33, ADR 051): two-factor sign-in → facility → employees →
 * census → questionnaires → staff, each linking to its screen and ticked off from real data
 * (the account, and `GET admin/setup/`); shown until every step is done, or hidden by the
 * administrator on this device. `counts: false` while the server still refuses the back
 * office's calls (two-factor sign-in required first): the other steps say they are checked then.
 */
export function FirstRunChecklist({ counts = true }: { counts?: boolean }) {
  const profile = useSession();
  const account = useAccount();
  const setup = useAdminSetup(counts);
  const headingId = useId();
  const [hidden, setHidden] = useState(() => readChecklistHidden(profile.sf_user_id));
  const hide = (next: boolean) => {
    writeChecklistHidden(profile.sf_user_id, next);
    setHidden(next);
  };

  if (account.isPending || (counts && setup.isPending)) return null;
  if (counts && setup.isError) {
    return (
      <LoadFailed
        error={setup.error}
        retrying={setup.isFetching}
        onRetry={() => void setup.refetch()}
      />
    );
  }
  const steps = firstRunSteps(account.data?.mfa_enabled === true, counts ? setup.data : undefined);
  const done = steps.filter((step) => step.done === true).length;
  if (done === steps.length) return null;
  if (hidden) {
    return (
      <Group>
        <Button variant="subtle" onClick={() => hide(false)}>
          {text.show}
        </Button>
      </Group>
    );
  }
  const next = steps.find((step) => step.done === false)?.key;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} id={headingId}>
              {text.heading}
            </Title>
            <Text>{text.intro}</Text>
            <Text fw={700} role="status">
              {text.progress(done, steps.length)}
            </Text>
          </Stack>
          <Button variant="default" onClick={() => hide(true)}>
            {text.hide}
          </Button>
        </Group>
        <Stack
          component="ol"
          gap="sm"
          aria-label={text.listLabel}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {steps.map((step) => (
            <StepItem key={step.key} step={step} next={step.key === next} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
