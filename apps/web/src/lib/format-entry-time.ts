import { formatTime } from '@climbing/domain';

/*
 * An entered time (the judge's forms, a race step's preview): seconds with 3 decimals, the entry
 * precision, in the language's notation as lib/format-figures writes the results' figures. Apart from
 * format-figures so the judges' pages and the results pages do not share a chunk for it (the live
 * page's budget, docs/performance.md).
 */

const separatorOf = (language: string): string => new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** 6010 -> "6,010" (sk), "6.010" (en); parseTime reads both. */
export const formatEntryTime = (ms: number, language: string): string => formatTime(ms).replace('.', separatorOf(language));

/**
 * An entered lead climbing time (the lead judge's form): minutes and seconds as the results write
 * lead times, "2:50" (170000), and the fraction the judge entered, to its last digit that is not a
 * zero: "2:50,4" (sk), "2:50.4" (en) for 170400, "2:50.45" for 170450 (the server keeps
 * milliseconds). parseTime reads it back, and plain seconds ("170") too.
 */
export const formatLeadEntryTime = (ms: number, language: string): string => {
  const whole = Math.round(ms);
  const [seconds = '0', thousandths = ''] = formatTime(whole % 60_000).split('.');
  const fraction = thousandths.replace(/0+$/, '');
  return `${Math.floor(whole / 60_000)}:${seconds.padStart(2, '0')}${fraction ? `${separatorOf(language)}${fraction}` : ''}`;
};
