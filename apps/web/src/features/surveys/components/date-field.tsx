import type { DatePickerInputProps, DatePickerType } from '@mantine/dates';
import { Input, InputBase } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import classes from './date-field.module.css';

/** Mantine's date picker and its calendar code (@mantine/dates, dayjs), fetched on first use. */
const DatePickerField = lazy(() => import('./date-picker-field')) as unknown as ComponentType<
  DatePickerInputProps<DatePickerType>
>;

/**
 * A date field of these screens (date-picker-field.tsx). The calendar code is not part of the
 * screen's own download: until it has arrived, which is a moment after the screen shows, the field
 * stands there disabled, with its label and placeholder and the same size, so nothing moves when
 * the real one takes its place.
 */
export function DateField<Type extends DatePickerType = 'default'>(
  props: DatePickerInputProps<Type>,
) {
  return (
    <Suspense
      fallback={
        <InputBase component="button" type="button" size="md" label={props.label} disabled pointer>
          <Input.Placeholder className={classes.placeholder}>{props.placeholder}</Input.Placeholder>
        </InputBase>
      }
    >
      <DatePickerField {...(props as DatePickerInputProps<DatePickerType>)} />
    </Suspense>
  );
}
