import {
  BEDSIDE_TEXT,
  MESSAGES,
  OFFLINE_UNLOCK_TEXT,
  UnlockRequestSchema,
  UI_TEXT,
} from '@carevoice/shared';
import { Box, Button, Center, PasswordInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { errorMessage } from '@/lib/api-error';
import { offlineUnlockState, type OfflineUnlockResult } from '@/lib/unlock-verifier';
import { readLockPlace, writeLockOwner, writeLockPlace } from '@/lib/storage';
import { useOnline } from '@/lib/use-online';
import { useLogout } from '../api/logout';
import { useUnlock } from '../api/unlock';
import { useSession } from '../hooks/use-session';

const text = BEDSIDE_TEXT.lock;

/** The field's message for a try the tablet checked itself (ADR 035); the others are the note's. */
const OFFLINE_PROBLEM: Partial<Record<OfflineUnlockResult, string>> = {
  wrong: MESSAGES.unlockWrong,
  'other-secret': OFFLINE_UNLOCK_TEXT.otherSecret,
};

/**
 * The locked screen (ADR 025): it stands in for every screen behind the guard, so no resident's
 * name, answer or list is on the page to scroll to or go Back to. The same user unlocks with
 * their password or PIN; "Not you?" ends the session and keeps their survey on the tablet.
 * Without a connection the tablet checks the secret itself (ADR 035), and a calm note says so, or
 * says that this time unlocking waits for the connection.
 */
export function LockScreen({ name }: { name: string }) {
  const userId = useSession().sf_user_id;
  const unlock = useUnlock(userId);
  const logout = useLogout({ keepAnswers: true });
  const online = useOnline();
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The last try got no answer from the server (a dead spot the browser thinks is online). */
  const [unanswered, setUnanswered] = useState(false);
  // Back while locked moves the address but not the screen; unlocking returns exactly to where
  // the tablet locked (kept with the lock, so also after a reload).
  const location = useLocation();
  const navigate = useNavigate();
  const offline = !online || unanswered;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UnlockRequestSchema.safeParse({ secret });
    if (!parsed.success) {
      setProblem(text.secretRequired);
      return;
    }
    unlock.mutate(parsed.data, {
      onSuccess: (result) => {
        if (result !== 'unlocked') {
          // When the browser knows it is offline, its `online` event ends the note by itself.
          setUnanswered(navigator.onLine);
          setSecret('');
          setProblem(OFFLINE_PROBLEM[result] ?? null);
          return;
        }
        const place = readLockPlace();
        if (place && place.pathname !== location.pathname) {
          void navigate(place.pathname, { state: place.state, replace: true });
        }
        writeLockPlace(null);
        writeLockOwner(null);
      },
      onError: (error) => {
        setUnanswered(false);
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
            <Box role="status">
              {offline && (
                <Text
                  bg="blue.0"
                  c="dark.8"
                  p="sm"
                  style={{
                    border: '1px solid var(--mantine-color-blue-2)',
                    borderRadius: 'var(--mantine-radius-md)',
                  }}
                >
                  {OFFLINE_UNLOCK_TEXT[offlineUnlockState(userId)]}
                </Text>
              )}
            </Box>
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
