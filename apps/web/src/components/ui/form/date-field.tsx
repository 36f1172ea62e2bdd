import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { datePickerRange } from '../../../lib/form-fields';

/**
 * Spec section 5: dates typed and shown as yyyy-mm-dd, the picker offering the years 1890 to this
 * year + 20. The value is the API's YYYY-MM-DD string (or null).
 */
export function DateField(props: DateInputProps) {
  const { i18n } = useTranslation();
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
    />
  );
}
