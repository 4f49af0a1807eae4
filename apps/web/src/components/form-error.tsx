import { Text } from '@mantine/core';

/** A failure shown in red under a form (spec §8 "the server's msg text in red"). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text role="alert" c="var(--mantine-color-error)" fw={500}>
      {message}
    </Text>
  );
}
