import { formatTime } from '@climbing/domain';

/*
 * An entered time (the judge's forms, a race step's preview): seconds with 3 decimals, the entry
 * precision, in the language's notation as lib/format-figures writes the results' figures. Apart from
 * format-figures so the judges' pages and the results pages do not share a chunk for it (the live
 * page's budget, docs/performance.md).
 */

/** 6010 -> "6,010" (sk), "6.010" (en); parseTime reads both. */
export const formatEntryTime = (ms: number, language: string): string => {
  const separator = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return formatTime(ms).replace('.', separator);
};
