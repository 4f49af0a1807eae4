import { RESULTS_TEXT } from '@carevoice/shared';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-error';

const text = RESULTS_TEXT;

/** Grey blocks where figures are coming, announced once to a screen reader. */
export function LoadingBlocks({ count = 3, height = 96 }: { count?: number; height?: number }) {
  return (
    <Stack gap="sm" role="status" aria-label={text.loading}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="lg" />
      ))}
    </Stack>
  );
}

/** A call failed: what happened and a way to try again. */
export function LoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Paper withBorder p="lg" radius="lg">
      <Stack align="flex-start" gap="sm">
        <Text role="alert" c="var(--mantine-color-error)" fw={500}>
          {text.loadFailed}
        </Text>
        <Text size="sm" c="dimmed">
          {errorMessage(error)}
        </Text>
        <Button onClick={onRetry} loading={retrying}>
          {text.retry}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Nothing to show, said plainly. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" ta="center">
      <Text fw={500}>{children}</Text>
    </Paper>
  );
}
