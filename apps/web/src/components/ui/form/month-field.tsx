import { MonthPickerInput, type MonthPickerInputProps } from '@mantine/dates';
import { useTranslation } from '../../../lib/translation';
import { datePickerRange } from '../../../lib/form-fields';

interface MonthFieldProps extends Omit<MonthPickerInputProps, 'value' | 'onChange' | 'type'> {
  /** YYYY-MM, or null. */
  value: string | null;
  onChange: (month: string | null) => void;
}

/**
 * The shared date input in its month mode (spec 5: "mm/yyyy in the shared input"): shown and picked
 * as mm/yyyy over the same years as the date input (1890 to this year + 20); the value is YYYY-MM.
 */
export function MonthField({ value, onChange, ...props }: MonthFieldProps) {
  const { i18n } = useTranslation();
  const range = datePickerRange();
  return (
    <MonthPickerInput
      valueFormat="MM/YYYY"
      placeholder="mm/yyyy"
      locale={i18n.language}
      clearable
      minDate={range.minDate}
      maxDate={range.maxDate}
      {...props}
      value={value === null ? null : `${value}-01`}
      onChange={(picked) => onChange(picked ? String(picked).slice(0, 7) : null)}
    />
  );
}
