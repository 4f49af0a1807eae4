import { RECOGNITION_TEXT, RecognitionOptOutRequestSchema } from '@carevoice/shared';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { useOptOut } from '../api/opt-out';

const text = RECOGNITION_TEXT.optOut;

/** The token from the link's fragment (`#token=…`): never sent to the server in a URL. */
function tokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && RecognitionOptOutRequestSchema.safeParse({ token }).success ? token : null;
}

/**
 * The page the opt-out link of every recognition mail opens (public): one button stops the
 * employee's recognition mails; nothing else changes.
 */
export function OptOutScreen() {
  const location = useLocation();
  const token = tokenFrom(location.hash);
  const optOut = useOptOut();

  return (
    <Paper withBorder radius="lg" p="xl" maw={520} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {text.heading}
        </Title>
        {token === null || optOut.isError ? (
          <Text role="alert" c="var(--mantine-color-error)">
            {text.invalid}
          </Text>
        ) : optOut.isSuccess ? (
          <Text role="status" fw={500}>
            {optOut.data.detail}
          </Text>
        ) : (
          <>
            <Text>{text.body}</Text>
            <Button onClick={() => optOut.mutate(token)} loading={optOut.isPending}>
              {text.confirm}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
