import {
  IMPORT_MAPPING_TEXT,
  toIsoDate,
  type ImportDateFormat,
  type ImportMapping,
} from '@carevoice/shared';
import { Radio, Stack } from '@mantine/core';

const mappingText = IMPORT_MAPPING_TEXT;

/** What `sample` reads as in `format` ("Mar 4, 2026"), or that it is no date in it. */
function readDate(sample: string, format: ImportDateFormat): string {
  const iso = toIsoDate(sample, format);
  const date = new Date(`${iso ?? ''}T00:00:00Z`);
  if (!iso || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    return mappingText.dateSampleInvalid(sample);
  }
  const read = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return mappingText.dateSample(sample, read);
}

/** The formats as offered: the two a slash date may be, then ISO. */
const OFFERED_FORMATS: readonly ImportDateFormat[] = ['us', 'day_first', 'iso'];

/** The date format of the file, confirmed in the preview: each format with what it reads. */
export function DateFormatChoice({
  mapping,
  busy,
  onChange,
}: {
  mapping: ImportMapping;
  busy: boolean;
  onChange: (format: ImportDateFormat) => void;
}) {
  const sample = mapping.date_sample;
  // A sample with a two-digit year: the rule that reads it is said (ADR 056).
  const twoDigitYears =
    sample !== null && /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}(?!\d)/.test(sample.trim())
      ? mappingText.twoDigitYears(new Date().getFullYear())
      : null;
  const description = [
    mapping.date_format === null ? mappingText.dateFormatAsk : null,
    twoDigitYears,
  ].filter((line) => line !== null);
  return (
    <Radio.Group
      label={mappingText.dateFormatLegend}
      description={description.length > 0 ? description.join(' ') : undefined}
      value={mapping.date_format ?? ''}
      onChange={(value) => onChange(value as ImportDateFormat)}
    >
      <Stack gap={6} mt={6}>
        {OFFERED_FORMATS.map((format) => (
          <Radio
            key={format}
            value={format}
            disabled={busy}
            label={mappingText.dateFormats[format]}
            description={sample && format !== 'iso' ? readDate(sample, format) : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
