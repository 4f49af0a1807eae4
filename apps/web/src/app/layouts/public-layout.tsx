import { Box, Container, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '@/components/logo';

/** Screens without a session (Login, Forgot password, Not found): one centred card. */
export default function PublicLayout() {
  return (
    <Box component="main" mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size={480} px={{ base: 'sm', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Logo />
            <Outlet />
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
