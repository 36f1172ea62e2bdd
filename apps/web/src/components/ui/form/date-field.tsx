import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/sk';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { datePickerRange, todayIso } from '../../../lib/form-fields';
import { parseTypedDate } from '../../../lib/parse-typed-date';

/** A whole date in the field's own format: the calendar has nothing more to offer ("2008-05-1" may still become the 14th). */
const WHOLE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the typed text is a whole date: the field's format, or another one read in full (15.3.2011, 15032011). */
const wholeDate = (text: string): boolean => (/^\d{4}-/.test(text) ? WHOLE_DATE.test(text) : parseTypedDate(text) !== null);

/** How many years before this one a birthday's calendar opens (racers are mostly young). */
const BIRTHDAY_CALENDAR_YEARS_BACK = 15;

/** What was typed and not taken: not a date, or a date outside the field's years. */
type Unread = { text: string; reason: 'NOT_A_DATE' | 'OUT_OF_RANGE' } | null;

/**
 * Spec section 5: dates shown as yyyy-mm-dd, the picker offering the years 1890 to this year + 20
 * (a birthday: up to today, the calendar opening on the decades of racers' birth years). The value
 * is the API's YYYY-MM-DD string (or null). Typed, the field reads yyyy-mm-dd, d.m.yyyy, eight
 * digits and a date with its month in words ("Nov 29, 2026", as the app shows dates), the whole text or nothing (`parseTypedDate`): a walkthrough typed "15.3.2011" and the field
 * kept 2001-01-01 from what was typed on the way. What it cannot read it says under the field,
 * with the text that was typed. The calendar speaks the page's language. The clear button is named
 * after the field, so a screen reader says what it empties. The calendar closes once a whole date
 * is typed (at the desk it stayed open over the dialog's submit button) and opens again on a click.
 * In a dialog, Escape closes the open calendar and leaves the dialog (and what was typed in it) open.
 */
export function DateField({ birthday = false, ...props }: DateInputProps & { birthday?: boolean }) {
  const { t, i18n } = useTranslation();
  const range = datePickerRange();
  const maxDate = birthday ? todayIso() : range.maxDate;
  const [typed, setTyped] = useState(false);
  const [unread, setUnread] = useState<Unread>(null);
  /** The calendar is open: Escape closes it, not the dialog the field is in. */
  const [calendarOpen, setCalendarOpen] = useState(false);
  const unreadMessage = unread && t(unread.reason === 'NOT_A_DATE' ? 'form.dateNotRead' : 'form.dateOutOfRange', { text: unread.text, min: range.minDate, max: maxDate });
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="yyyy-mm-dd"
      locale={i18n.language}
      clearable
      minDate={range.minDate}
      maxDate={maxDate}
      inputMode="numeric"
      dateParser={parseTypedDate}
      {...(birthday ? { defaultLevel: 'decade' as const, defaultDate: `${new Date().getFullYear() - BIRTHDAY_CALENDAR_YEARS_BACK}-01-01` } : {})}
      {...props}
      error={unreadMessage ?? props.error}
      onInput={(event) => {
        props.onInput?.(event);
        setUnread(null);
        setTyped(wholeDate(event.currentTarget.value.trim()));
      }}
      onBlur={(event) => {
        // Before the field puts back its last date: a text it did not take is said, not dropped.
        const text = event.currentTarget.value.trim();
        const date = parseTypedDate(text);
        if (text !== '' && date === null) setUnread({ text, reason: 'NOT_A_DATE' });
        else if (date !== null && (date < range.minDate || date > maxDate)) setUnread({ text, reason: 'OUT_OF_RANGE' });
        props.onBlur?.(event);
      }}
      onClick={(event) => {
        props.onClick?.(event);
        setTyped(false);
      }}
      // Mantine's Modal leaves an Escape alone whose target carries this attribute (its own selects set it while open).
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{
        ...props.popoverProps,
        ...(typed ? { opened: false } : {}),
        onOpen: () => {
          setCalendarOpen(true);
          props.popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          props.popoverProps?.onClose?.();
        },
      }}
      clearButtonProps={{ 'aria-label': typeof props.label === 'string' ? t('form.clearDateOf', { field: props.label }) : t('form.clearDate'), ...props.clearButtonProps }}
    />
  );
}
