import { ADMIN_TEXT } from '@carevoice/shared';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-error';

/** A list that could not be loaded: why, and a way to try again. */
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
      <Stack align="flex-start" gap="md">
        <Text role="alert" c="var(--mantine-color-error)" fw={500}>
          {ADMIN_TEXT.common.loadFailed} {errorMessage(error)}
        </Text>
        <Button onClick={onRetry} loading={retrying}>
          {ADMIN_TEXT.common.retry}
        </Button>
      </Stack>
    </Paper>
  );
}
