import { UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

const text = UI_TEXT.questions;

export interface YesNoQuestionProps {
  title: string;
  onYes: () => void;
  onNo: () => void;
  /** Offers Prev (back to the last question) when given. */
  onPrev?: (() => void) | undefined;
  busy?: boolean;
}

/** A question answered with Yes or No (acknowledgement, "another employee?"). */
export function YesNoQuestion({ title, onYes, onNo, onPrev, busy = false }: YesNoQuestionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Title order={2} ref={heading} tabIndex={-1} fz={{ base: 'xl', sm: 26 }}>
          {title}
        </Title>
        <Group grow>
          <Button size="xl" onClick={onYes} disabled={busy}>
            {text.yes}
          </Button>
          <Button size="xl" variant="default" onClick={onNo} loading={busy}>
            {text.no}
          </Button>
        </Group>
        {onPrev && (
          <Group>
            <Button variant="subtle" size="md" onClick={onPrev} disabled={busy}>
              {text.prev}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
