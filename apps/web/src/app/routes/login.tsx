import { UI_TEXT } from '@carevoice/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialSignUp } from '@/features/auth/components/social-sign-up';
import { readTokenProfile } from '@/features/auth/token-profile';
import { clearOfflineApiCache } from '@/lib/offline-cache';
import { forgetUnlockSecrets } from '@/lib/offline-unlock';

/**
 * /login — a signed-in user goes straight to Home (spec §2). Whoever sees Login is signed out, so
 * nothing cached from an earlier session may stay in memory (its answers, its unlock verifiers),
 * nor in the service worker's cache of API answers (a shared tablet: the next person signs in
 * here, ADR 025, 032, 035).
 */
export default function LoginRoute() {
  const signedIn = readTokenProfile() !== null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (signedIn) return;
    queryClient.clear();
    forgetUnlockSecrets();
    void clearOfflineApiCache();
  }, [signedIn, queryClient]);

  if (signedIn) return <Navigate to={paths.home} replace />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{UI_TEXT.login.heading}</Title>
        <Text c="dimmed">{UI_TEXT.login.subtitle}</Text>
      </Stack>
      <LoginForm />
      <SocialSignUp />
    </Stack>
  );
}
