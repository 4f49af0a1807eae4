import { Button, Group } from '@mantine/core';

/** A few buttons of which one is on (the language, the text size): a labelled group. */
export function Toggles({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Group gap={4} role="group" aria-label={label} wrap="nowrap">
      {options.map((option) => (
        <Button
          key={option.value}
          size="compact-md"
          variant={option.value === value ? 'filled' : 'default'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
