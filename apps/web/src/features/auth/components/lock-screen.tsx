import { BEDSIDE_TEXT, UnlockRequestSchema, UI_TEXT } from '@carevoice/shared';
import { Button, Center, PasswordInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { errorMessage } from '@/lib/api-error';
import { readLockPlace, writeLockOwner, writeLockPlace } from '@/lib/storage';
import { useLogout } from '../api/logout';
import { useUnlock } from '../api/unlock';

const text = BEDSIDE_TEXT.lock;

/**
 * The locked screen (ADR 025): it stands in for every screen behind the guard, so no resident's
 * name, answer or list is on the page to scroll to or go Back to. The same user unlocks with
 * their password or PIN; "Not you?" ends the session and keeps their survey on the tablet.
 */
export function LockScreen({ name }: { name: string }) {
  const unlock = useUnlock();
  const logout = useLogout({ keepAnswers: true });
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Back while locked moves the address but not the screen; unlocking returns exactly to where
  // the tablet locked (kept with the lock, so also after a reload).
  const location = useLocation();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UnlockRequestSchema.safeParse({ secret });
    if (!parsed.success) {
      setProblem(text.secretRequired);
      return;
    }
    unlock.mutate(parsed.data, {
      onSuccess: () => {
        const place = readLockPlace();
        if (place && place.pathname !== location.pathname) {
          void navigate(place.pathname, { state: place.state, replace: true });
        }
        writeLockPlace(null);
        writeLockOwner(null);
      },
      onError: (error) => {
        setSecret('');
        setProblem(errorMessage(error));
      },
    });
  };

  return (
    <Center mih="100dvh" bg="gray.0" p="md" component="main">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={460}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Logo />
            <Title order={1} fz={28}>
              {text.heading}
            </Title>
            <Text>{text.help(name)}</Text>
            <PasswordInput
              label={text.secret}
              size="lg"
              autoComplete="current-password"
              data-autofocus
              autoFocus
              value={secret}
              error={problem ?? undefined}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.login.showPassword }}
              onChange={(event) => {
                setSecret(event.currentTarget.value);
                setProblem(null);
              }}
            />
            <Button type="submit" size="lg" loading={unlock.isPending}>
              {text.unlock}
            </Button>
            <Button variant="subtle" loading={logout.isPending} onClick={() => logout.mutate()}>
              {text.notYou}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
