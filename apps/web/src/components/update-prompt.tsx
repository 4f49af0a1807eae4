import { BEDSIDE_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { startServiceWorker, useAppUpdate } from '@/lib/service-worker';

/**
 * Starts the service worker after the first render, and when a new deployment's version is
 * waiting offers to switch to it: "A new version of CareVoice is ready" with Reload (ADR 032).
 * `deferred` while a survey is in progress (the layout knows its screens): the offer waits until
 * the survey is left, so a tablet never reloads in front of a resident, and never stays on old
 * code for longer than one survey.
 */
export function UpdatePrompt({ deferred }: { deferred: boolean }) {
  useEffect(() => startServiceWorker(), []);
  const update = useAppUpdate();
  if (update === null || deferred) return null;
  return (
    <Paper
      component="aside"
      aria-label={BEDSIDE_TEXT.updateRegion}
      data-print-hide
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{
        position: 'fixed',
        insetInline: 'var(--mantine-spacing-md)',
        bottom: 'var(--mantine-spacing-md)',
        maxWidth: 560,
        marginInline: 'auto',
        zIndex: 150,
      }}
    >
      <Group justify="space-between" gap="sm">
        <Text role="status">{BEDSIDE_TEXT.updateReady}</Text>
        <Button onClick={update}>{BEDSIDE_TEXT.updateReload}</Button>
      </Group>
    </Paper>
  );
}
