import { Center, Loader, Stack } from '@mantine/core';
import { Logo } from './logo';

/** A loading indicator that screen readers announce by its label. */
export function Spinner({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/**
 * A calm whole-page loader, used before any layout is on screen: the CareVoice mark above the
 * spinner, as the loading page of index.html shows it before the app runs.
 */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center component="main" mih="100dvh">
      <Stack align="center" gap="md">
        <Logo />
        <Loader role="status" aria-label={label} />
      </Stack>
    </Center>
  );
}
