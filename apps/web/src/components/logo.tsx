import { Group, Text } from '@mantine/core';
import { UI_TEXT } from '@carevoice/shared';

/** The CareVoice mark (a speech bubble holding a heart) and name. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={32} height={32} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M6 4h20a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4H14l-6 5v-5H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z"
          fill="var(--mantine-color-brand-7)"
        />
        <path
          d="M16 19.5s-5.5-3.2-5.5-6.9A3 3 0 0 1 16 11a3 3 0 0 1 5.5 1.6c0 3.7-5.5 6.9-5.5 6.9z"
          fill="#fff"
        />
      </svg>
      <Text component="span" fw={700} fz="xl" c="brand.9">
        {UI_TEXT.appName}
      </Text>
    </Group>
  );
}
