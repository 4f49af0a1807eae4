import { TextInput } from '@mantine/core';

export interface DayRange {
  /** `yyyy-MM-dd`, or '' for an open end. */
  from: string;
  to: string;
}

/** Whether the range runs backwards (then nothing is asked of the server). */
export function rangeReversed(range: DayRange): boolean {
  return range.from !== '' && range.to !== '' && range.from > range.to;
}

/**
 * Two day fields, From and To, each bounding the other; a range that runs backwards shows
 * `reversedMessage` under To. Used by the filters of the audit log and of Survey Results.
 */
export function DateRangeInputs({
  range,
  labels,
  reversedMessage,
  onChange,
}: {
  range: DayRange;
  labels: { from: string; to: string };
  reversedMessage: string;
  onChange: (range: DayRange) => void;
}) {
  return (
    <>
      <TextInput
        type="date"
        label={labels.from}
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value, to: range.to })}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={range.to}
        min={range.from || undefined}
        onChange={(event) => onChange({ from: range.from, to: event.currentTarget.value })}
        error={rangeReversed(range) ? reversedMessage : undefined}
      />
    </>
  );
}
