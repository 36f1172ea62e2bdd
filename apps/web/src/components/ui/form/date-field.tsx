import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { datePickerRange } from '../../../lib/form-fields';

/** A whole date as the field shows it: once typed, the calendar has nothing more to offer. */
const WHOLE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Spec section 5: dates typed and shown as yyyy-mm-dd, the picker offering the years 1890 to this
 * year + 20. The value is the API's YYYY-MM-DD string (or null). The clear button is named after
 * the field, so a screen reader says what it empties. The calendar closes once a whole date is
 * typed (at the desk it stayed open over the dialog's submit button) and opens again on a click.
 */
export function DateField(props: DateInputProps) {
  const { t, i18n } = useTranslation();
  const range = datePickerRange();
  const [typed, setTyped] = useState(false);
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="yyyy-mm-dd"
      locale={i18n.language}
      clearable
      minDate={range.minDate}
      maxDate={range.maxDate}
      inputMode="numeric"
      {...props}
      onInput={(event) => {
        props.onInput?.(event);
        setTyped(WHOLE_DATE.test(event.currentTarget.value));
      }}
      onClick={(event) => {
        props.onClick?.(event);
        setTyped(false);
      }}
      popoverProps={typed ? { ...props.popoverProps, opened: false } : props.popoverProps}
      clearButtonProps={{ 'aria-label': typeof props.label === 'string' ? t('form.clearDateOf', { field: props.label }) : t('form.clearDate'), ...props.clearButtonProps }}
    />
  );
}
