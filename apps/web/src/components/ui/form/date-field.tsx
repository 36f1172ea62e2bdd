import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from '../../../lib/translation';
import { datePickerRange } from '../../../lib/form-fields';

/**
 * Spec section 5: dates typed and shown as yyyy-mm-dd, the picker offering the years 1890 to this
 * year + 20. The value is the API's YYYY-MM-DD string (or null). The clear button is named after
 * the field, so a screen reader says what it empties.
 */
export function DateField(props: DateInputProps) {
  const { t, i18n } = useTranslation();
  const range = datePickerRange();
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
      clearButtonProps={{ 'aria-label': typeof props.label === 'string' ? t('form.clearDateOf', { field: props.label }) : t('form.clearDate'), ...props.clearButtonProps }}
    />
  );
}
