import { RECOGNITION_TEXT } from '@carevoice/shared';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { NO_FILTERS, type ReviewFilters } from '../api/get-reviews';

const text = RECOGNITION_TEXT.screen;

/**
 * The review screen's filters: a period (the days the residents' words were recorded) and the
 * employee's department and position. Native date and select inputs: the tablet's own pickers.
 */
export function ReviewFilterBar({
  value,
  onChange,
  departments,
  positions,
}: {
  value: ReviewFilters;
  onChange: (next: ReviewFilters) => void;
  departments: readonly string[];
  positions: readonly string[];
}) {
  const set = (key: keyof ReviewFilters) => (next: string) => onChange({ ...value, [key]: next });
  const active = Object.values(value).some((item) => item !== '');
  return (
    <Group
      component="fieldset"
      align="flex-end"
      gap="sm"
      wrap="wrap"
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <legend className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
        {text.filters}
      </legend>
      <TextInput
        type="date"
        label={text.from}
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => set('from')(event.currentTarget.value)}
        w={170}
        size="md"
      />
      <TextInput
        type="date"
        label={text.to}
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => set('to')(event.currentTarget.value)}
        w={170}
        size="md"
      />
      <NativeSelect
        label={text.department}
        value={value.department}
        onChange={(event) => set('department')(event.currentTarget.value)}
        data={[{ value: '', label: text.anyDepartment }, ...departments]}
        w={200}
        size="md"
      />
      <NativeSelect
        label={text.position}
        value={value.position}
        onChange={(event) => set('position')(event.currentTarget.value)}
        data={[{ value: '', label: text.anyPosition }, ...positions]}
        w={200}
        size="md"
      />
      {active ? (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {text.clearFilters}
        </Button>
      ) : null}
    </Group>
  );
}
