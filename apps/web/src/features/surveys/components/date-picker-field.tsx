import '@mantine/dates/styles.css';
import { UI_TEXT } from '@carevoice/shared';
import { DatePickerInput, type DatePickerInputProps, type DatePickerType } from '@mantine/dates';
import { useId } from 'react';
import { DATE_FORMAT } from '@/config/constants';
import classes from './date-field.module.css';

/**
 * Mantine's DatePickerInput as every date field of these screens uses it (through DateField,
 * date-field.tsx, which loads this module and the calendar code when a field first shows): `yyyy-MM-dd` (spec §9),
 * a touch-sized input, named calendar buttons, readable weekend and placeholder colours, and a
 * calendar dialog named by its field (it points at the field's id).
 */
export default function DatePickerField<Type extends DatePickerType = 'default'>({
  id,
  popoverProps,
  ...props
}: DatePickerInputProps<Type>) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <DatePickerInput<Type>
      size="md"
      valueFormat={DATE_FORMAT}
      ariaLabels={UI_TEXT.surveys.calendar}
      classNames={{ day: classes.day, placeholder: classes.placeholder }}
      {...props}
      id={fieldId}
      popoverProps={{ ...popoverProps, id: fieldId }}
    />
  );
}
