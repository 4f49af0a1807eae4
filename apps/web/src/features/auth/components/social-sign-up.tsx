import { UI_TEXT } from '@carevoice/shared';
import { Divider, Group, ThemeIcon } from '@mantine/core';

/**
 * The spec's social sign-up icons and 'Register' text (§2). They have no behaviour, so they are
 * decorative: not focusable, not buttons, hidden from assistive technology.
 */
export function SocialSignUp() {
  return (
    <>
      <Divider label={UI_TEXT.login.register} labelPosition="center" />
      <Group justify="center" gap="md" aria-hidden="true">
        {MARKS.map((mark) => (
          <ThemeIcon key={mark.key} size={44} radius="xl" variant="light" color="gray">
            {mark.svg}
          </ThemeIcon>
        ))}
      </Group>
    </>
  );
}

const MARKS = [
  {
    key: 'g',
    svg: (
      <svg width={20} height={20} viewBox="0 0 24 24" focusable="false">
        <path
          fill="currentColor"
          d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3zM12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22zM6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9zM12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z"
        />
      </svg>
    ),
  },
  {
    key: 'f',
    svg: (
      <svg width={20} height={20} viewBox="0 0 24 24" focusable="false">
        <path
          fill="currentColor"
          d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z"
        />
      </svg>
    ),
  },
  {
    key: 'm',
    svg: (
      <svg width={18} height={18} viewBox="0 0 24 24" focusable="false">
        <path
          fill="currentColor"
          d="M2 2h9.5v9.5H2zM12.5 2H22v9.5h-9.5zM2 12.5h9.5V22H2zM12.5 12.5H22V22h-9.5z"
        />
      </svg>
    ),
  },
] as const;
