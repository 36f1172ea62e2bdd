/**
 * A date as people type it into a date field, read strictly: the whole text must be one date, or
 * nothing is read. The field's own format, yyyy-mm-dd (spec section 5), and how a Slovak form is
 * filled in by hand: d.m.yyyy with or without spaces ("15.3.2011", "15. 3. 2011"), and eight
 * digits, which a phone's number pad can type: yyyymmdd, or ddmmyyyy where yyyymmdd is no date.
 * A walkthrough typed "15.3.2011" into a birthday and the field kept 2001-01-01, read from what
 * was typed on the way ("15.3.20"), without a word; a partial or impossible date (31.2.2011) now
 * reads as nothing. A date with its month in words reads too, in English and Slovak, the way the
 * app itself writes dates ("Nov 29, 2026", "29 November 2026", "29. novembra 2026"): an organiser
 * copied a date from the event page into a race's field and was told it was not a date.
 */

const pad = (value: number): string => String(value).padStart(2, '0');

/** The date as YYYY-MM-DD when year, month and day make a real calendar day, else null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Each month's names in English and Slovak (nominative and genitive), lower case; a word of three letters or more that begins one of them is that month. */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'január', 'januára'],
  ['february', 'február', 'februára'],
  ['march', 'marec', 'marca'],
  ['april', 'apríl', 'apríla'],
  ['may', 'máj', 'mája'],
  ['june', 'jún', 'júna'],
  ['july', 'júl', 'júla'],
  ['august', 'august', 'augusta'],
  ['september', 'september', 'septembra'],
  ['october', 'október', 'októbra'],
  ['november', 'november', 'novembra'],
  ['december', 'december', 'decembra'],
];

/** The month (1-12) a word names, or null: shorter than three letters, or no month's name begins with it. */
function monthOf(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex((names) => names.some((name) => name.startsWith(lower)));
  return index < 0 ? null : index + 1;
}

/** "Nov 29, 2026", "November 29 2026" */
const MONTH_DAY_YEAR = /^(\p{L}+)\.?\s+(\d{1,2}),?\s+(\d{4})$/u;
/** "29 Nov 2026", "29. novembra 2026" */
const DAY_MONTH_YEAR = /^(\d{1,2})\.?\s+(\p{L}+)\.?,?\s+(\d{4})$/u;

/** A date with its month in words, or null. */
function wordedDate(value: string): string | null {
  const monthFirst = MONTH_DAY_YEAR.exec(value);
  const dayFirst = monthFirst ? null : DAY_MONTH_YEAR.exec(value);
  const [monthWord, day, year] = monthFirst ? [monthFirst[1]!, monthFirst[2]!, monthFirst[3]!] : dayFirst ? [dayFirst[2]!, dayFirst[1]!, dayFirst[3]!] : [null, '', ''];
  const month = monthWord === null ? null : monthOf(monthWord);
  return month === null ? null : calendarDay(Number(year), month, Number(day));
}

export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(value);
  if (dotted) return calendarDay(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  if (/^\d{8}$/.test(value)) {
    return calendarDay(Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))) ?? calendarDay(Number(value.slice(4, 8)), Number(value.slice(2, 4)), Number(value.slice(0, 2)));
  }
  return wordedDate(value);
}
