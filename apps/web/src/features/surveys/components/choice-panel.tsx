import { UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ArrowLeftIcon } from '@/components/icons';

export interface ChoicePanelProps {
  /** The Back button above the panel. */
  onBack: () => void;
  /** What the choice is about: a title and a line of text. */
  header: ReactNode;
  /** The choices, as large full-width buttons one under the other. */
  children: ReactNode;
}

/**
 * One step of the way into a survey where the person picks what to do next (survey type chooser,
 * Admission and Discharge choice): Back above a panel with the header and the choices.
 */
export function ChoicePanel({ onBack, header, children }: ChoicePanelProps) {
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <Group>
        <Button variant="subtle" leftSection={<ArrowLeftIcon size={20} />} onClick={onBack}>
          {UI_TEXT.surveys.back}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap={4}>{header}</Stack>
          <Stack gap="md">{children}</Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
