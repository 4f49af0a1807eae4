import { RESULTS_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
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

/** The paging of a list fetched page by page (TanStack Query's infinite query). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isError: boolean;
  error: unknown;
}

/** Under a paged list: its "Show more" button while pages are left, and a failed page's error. */
export function MorePages({
  pages,
  label,
  mt,
}: {
  pages: Pages;
  label: string;
  mt?: MantineSpacing;
}) {
  return (
    <>
      {pages.hasNextPage ? (
        <Group justify="center" mt={mt}>
          <Button
            variant="default"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
          >
            {label}
          </Button>
        </Group>
      ) : null}
      {pages.isError ? (
        <Text role="alert" c="var(--mantine-color-error)">
          {errorMessage(pages.error)}
        </Text>
      ) : null}
    </>
  );
}
