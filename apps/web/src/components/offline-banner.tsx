import { BEDSIDE_TEXT } from '@carevoice/shared';
import { Box, Container, Text, type MantineSpacing } from '@mantine/core';
import { useOnline } from '@/lib/use-online';

/**
 * Says, while the browser has no connection, what still works and what waits (ADR 032): a
 * survey in progress can be finished, and its answers wait on the tablet until the connection
 * returns. The live region is always there, so the message is announced when it appears.
 */
export function OfflineBanner({
  mb,
  card = false,
}: {
  /** Space below the banner while it shows. */
  mb?: MantineSpacing;
  /** A card of its own (rounded, bordered all round) rather than a strip across the page. */
  card?: boolean;
}) {
  const online = useOnline();
  return (
    <Box role="status" data-print-hide>
      {online ? null : (
        <Box
          bg="blue.0"
          mb={mb}
          style={{
            border: '1px solid var(--mantine-color-blue-2)',
            ...(card ? { borderRadius: 'var(--mantine-radius-md)' } : { borderInline: 0 }),
          }}
        >
          <Container size="lg" py="xs">
            <Text size="md" c="dark.8">
              {BEDSIDE_TEXT.offline}
            </Text>
          </Container>
        </Box>
      )}
    </Box>
  );
}
