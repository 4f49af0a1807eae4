import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const TONES = {
  error: { border: 'var(--mantine-color-red-7)', background: 'var(--mantine-color-red-0)' },
  warning: { border: 'var(--mantine-color-yellow-7)', background: 'var(--mantine-color-yellow-0)' },
  info: { border: 'var(--mantine-color-blue-7)', background: 'var(--mantine-color-blue-0)' },
  success: { border: 'var(--mantine-color-teal-7)', background: 'var(--mantine-color-teal-0)' },
} as const;

/**
 * A boxed message with an optional title. (Mantine's Alert would join the `ui` chunk every
 * page loads once a second screen used it: the builder keeps its weight to itself, ADR 017.)
 */
export function Notice({
  tone,
  title,
  alert = false,
  children,
}: {
  tone: keyof typeof TONES;
  title?: string;
  /** Announced at once (role="alert"): for a refusal the person must notice. */
  alert?: boolean;
  children: ReactNode;
}) {
  const colors = TONES[tone];
  return (
    <Paper
      radius="md"
      p="sm"
      role={alert ? 'alert' : undefined}
      style={{ borderLeft: `4px solid ${colors.border}`, background: colors.background }}
    >
      <Stack gap={4}>
        {title && <Text fw={700}>{title}</Text>}
        <div>{children}</div>
      </Stack>
    </Paper>
  );
}
