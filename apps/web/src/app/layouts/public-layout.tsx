import { Box, Container, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { OfflineBanner } from '@/components/offline-banner';
import { UpdatePrompt } from '@/components/update-prompt';

/**
 * Screens without a session (Login, Forgot password, Not found): one centred card, under the
 * offline banner when there is no connection; a new version of the app is offered here at once
 * (no survey is in progress, ADR 032).
 */
export default function PublicLayout() {
  return (
    <Box component="main" mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size={480} px={{ base: 'sm', sm: 'md' }}>
        <OfflineBanner mb="md" card />
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Logo />
            <Outlet />
          </Stack>
        </Paper>
      </Container>
      <UpdatePrompt deferred={false} />
    </Box>
  );
}
