import { MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Shown when a screen fails to load or render (most often a screen's code that cannot be fetched
 * after a new version was deployed): say so and offer a fresh load.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Title order={1}>{UI_TEXT.screenError.heading}</Title>
        <Text>{MESSAGES.screenLoadFailed}</Text>
        <Button onClick={() => window.location.reload()}>{UI_TEXT.screenError.reload}</Button>
      </Stack>
    </Center>
  );
}
