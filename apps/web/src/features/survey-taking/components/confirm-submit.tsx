import { UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

const text = UI_TEXT.surveySets;

/** 'Are you sure you want to submit?' with Back and 'Submit Answers' (spec §2, survey sets). */
export function ConfirmSubmit({
  onBack,
  onSubmit,
  busy = false,
}: {
  onBack: () => void;
  onSubmit: () => void;
  busy?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Title order={2} ref={heading} tabIndex={-1} fz={{ base: 'xl', sm: 26 }}>
          {text.confirmSubmit}
        </Title>
        <Group justify="space-between">
          <Button size="lg" variant="default" onClick={onBack} disabled={busy}>
            {text.back}
          </Button>
          <Button size="lg" onClick={onSubmit} loading={busy}>
            {text.submitAnswers}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
