import type { Language } from '@climbing/domain';

/*
 * Dates and times with the browser's Intl, not dayjs: the live page and the scorecard show a date
 * or a clock time, and dayjs with its locale and plugin would cost them about 4 KB compressed
 * (issue 14, item 5). English keeps the dates dayjs gave ('ll'), its clock times follow the browser's
 * English (en-GB 24-hour, en-US 12-hour as dayjs's 'LT', 'LTS'); a Slovak date is
 * written the way Slovaks write it, day, month and year in numbers ("27. 11. 2026", STN 01 6910),
 * not dayjs's short month names ("27. nov 2026"). The tests check both.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as that day in the reader's time zone (`new Date('2026-05-12')` would be midnight UTC). */
const toDate = (value: string | number | Date): Date => {
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
};

const formats = new Map<string, Intl.DateTimeFormat>();
const formatWith = (locale: string, options: Intl.DateTimeFormatOptions, date: Date): string => {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  // Newer ICU puts a narrow no-break space before AM/PM; dayjs wrote a plain space.
  return format.format(date).replace(/\u202f/g, ' ');
};

/** A calendar date (the API sends YYYY-MM-DD) in the reader's language: "May 12, 2026", "12. 5. 2026". */
export const formatDate = (isoDate: string, language: Language): string => {
  const date = toDate(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  // Built by hand rather than by Intl: browsers' ICU versions differ in the spaces they put between the numbers.
  if (language === 'sk') return `${date.getDate()}. ${date.getMonth() + 1}. ${date.getFullYear()}`;
  return formatWith(language, { day: 'numeric', month: 'short', year: 'numeric' }, date);
};

const isEnglish = (tag: string): boolean => /^en(-|$)/i.test(tag);

const browserLanguages = (): readonly string[] => {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
};

/** The tag Intl understands, or undefined for one it rejects (a browser setting is not to be trusted). */
const knownLocale = (tag: string | undefined): string | undefined => {
  if (!tag) return undefined;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag)[0];
  } catch {
    return undefined;
  }
};

/**
 * The locale an English clock time is written in: the browser's own English, so en-GB writes 15:28
 * and en-US 3:28 PM. A browser with no English among its languages (English chosen in the app on a
 * Slovak browser) gets an English clock with its first language's hours: 15:28 for Slovak.
 */
const englishClockLocale = (): string => {
  const languages = browserLanguages();
  const english = knownLocale(languages.find(isEnglish));
  if (english) return english;
  const first = knownLocale(languages[0]);
  if (!first) return 'en';
  const hourCycle = new Intl.DateTimeFormat(first, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return hourCycle === 'h23' || hourCycle === 'h24' ? 'en-u-hc-h23' : 'en';
};

/** The locale a date with a time of day is written in: Slovak, or the browser's English (englishClockLocale). */
export const clockLocale = (language: Language): string => (language === 'en' ? englishClockLocale() : language);

/**
 * A moment's time of day in the reader's language, e.g. "10:42" (with seconds: "10:42:07"). Slovak is
 * always 24-hour; English follows the browser's English (englishClockLocale): "3:28 PM" or "15:28".
 */
export const formatClockTime = (moment: string | number | Date, language: Language, withSeconds = false): string => {
  const date = toDate(moment);
  if (Number.isNaN(date.getTime())) return String(moment);
  const locale = clockLocale(language);
  return formatWith(locale, withSeconds ? { hour: 'numeric', minute: '2-digit', second: '2-digit' } : { hour: 'numeric', minute: '2-digit' }, date);
};
