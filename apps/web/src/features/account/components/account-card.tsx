import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * One card of My account: a titled section. Another feature adds its own card to the page with
 * it (the page is a stack of these; app/routes/account.tsx composes them).
 */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="lg" radius="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
