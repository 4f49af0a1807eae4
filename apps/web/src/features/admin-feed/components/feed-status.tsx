import { FEED_SCREEN_TEXT, type FeedHour, type FeedMapping } from '@carevoice/shared';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatInstant } from './format-instant';

const text = FEED_SCREEN_TEXT;

/** The listener of the instance that answered, and the last message received for the facility. */
export function FeedStatus({
  feed,
  refreshing,
  onRefresh,
}: {
  feed: FeedMapping;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { listener } = feed;
  const [state, color] = !listener.configured
    ? [text.notConfigured, 'dimmed']
    : listener.listening
      ? [text.listening, 'teal.9']
      : [text.notListening, 'var(--mantine-color-error)'];
  return (
    <Paper withBorder p="md" radius="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {text.statusHeading}
          </Title>
          <Text fw={600} c={color} data-testid="feed-listener">
            {state}
          </Text>
          {listener.listening ? (
            <Text size="sm">{text.connections(listener.connections)}</Text>
          ) : null}
          <Text size="sm">
            {text.lastReceived}:{' '}
            <Text span fw={600} data-testid="feed-last-received">
              {feed.last_received_at === null
                ? text.noMessageYet
                : formatInstant(feed.last_received_at)}
            </Text>
          </Text>
        </Stack>
        <Button variant="default" onClick={onRefresh} loading={refreshing}>
          {text.refresh}
        </Button>
      </Group>
    </Paper>
  );
}

const COLORS = {
  applied: 'var(--mantine-color-teal-9)',
  held: 'var(--mantine-color-blue-8)',
  error: 'var(--mantine-color-red-9)',
} as const;

/**
 * Messages per hour over the last day as stacked bars (applied, held, error), oldest on the
 * left. The chart is one image for assistive technology, named by its totals; each bar's
 * counts show on hover.
 */
export function FeedPerHour({ hours }: { hours: readonly FeedHour[] }) {
  const sum = (key: 'applied' | 'held' | 'error') =>
    hours.reduce((total, hour) => total + hour[key], 0);
  const [applied, held, errors] = [sum('applied'), sum('held'), sum('error')];
  const highest = Math.max(1, ...hours.map((hour) => hour.applied + hour.held + hour.error));
  const label = (hour: FeedHour) =>
    text.perHourBar(formatInstant(hour.hour), hour.applied, hour.held, hour.error);
  return (
    <Paper withBorder p="md" radius="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {text.perHourHeading}
        </Title>
        <Text size="sm" data-testid="feed-per-hour">
          {text.perHourSummary(applied + held + errors, applied, held, errors)}
        </Text>
        <Box
          role="img"
          aria-label={text.perHourSummary(applied + held + errors, applied, held, errors)}
          style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 72 }}
        >
          {hours.map((hour) => (
            <Box
              key={hour.hour}
              title={label(hour)}
              style={{
                flex: 1,
                display: 'flex',
                flexDirection: 'column-reverse',
                height: '100%',
                borderBottom: '1px solid var(--mantine-color-gray-5)',
              }}
            >
              {(['applied', 'held', 'error'] as const).map((key) =>
                hour[key] > 0 ? (
                  <Box
                    key={key}
                    style={{
                      height: `${(hour[key] / highest) * 100}%`,
                      minHeight: 2,
                      background: COLORS[key],
                    }}
                  />
                ) : null,
              )}
            </Box>
          ))}
        </Box>
        <Group gap="md" aria-hidden>
          {(['applied', 'held', 'error'] as const).map((key) => (
            <Group key={key} gap={6}>
              <Box w={12} h={12} style={{ background: COLORS[key], borderRadius: 2 }} />
              <Text size="sm">{text[key]}</Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
