/**
 * Calendar dates as the API sends them (YYYY-MM-DD). The rules compare whole days, so they work on
 * these strings in UTC and never on local clock time, which would shift a day across time zones.
 */
export type IsoDate = string;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** True for a real calendar day written as YYYY-MM-DD (2023-02-29 is rejected). */
export const isIsoDate = (value: string): boolean => {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 02-30 over to March; a round trip catches it. setUTCFullYear keeps years < 100 as typed.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const toUtcMs = (value: IsoDate | Date): number => {
  if (value instanceof Date) return Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate());
  if (!isIsoDate(value)) throw new RangeError(`Not a YYYY-MM-DD date: ${value}`);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
};

/** Formats the UTC calendar day of a Date as YYYY-MM-DD. */
export const toIsoDate = (value: Date): IsoDate => value.toISOString().slice(0, 10);

export const addDays = (value: IsoDate | Date, days: number): IsoDate => toIsoDate(new Date(toUtcMs(value) + days * DAY_MS));

/** Negative when a is earlier than b, 0 on the same day, positive when later. */
export const compareDates = (a: IsoDate | Date, b: IsoDate | Date): number => Math.sign(toUtcMs(a) - toUtcMs(b));

export const yearOf = (value: IsoDate | Date): number => new Date(toUtcMs(value)).getUTCFullYear();

/** Month 1-12. */
export const monthOf = (value: IsoDate | Date): number => new Date(toUtcMs(value)).getUTCMonth() + 1;

/** A calendar month as the API exchanges it: YYYY-MM (the spec's "mm/yyyy" input sends this). */
export type IsoMonth = string;

const ISO_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isIsoMonth = (value: string): boolean => ISO_MONTH_PATTERN.test(value);

/** The first and the last day of a month (2024-02 -> 2024-02-01 .. 2024-02-29). */
export const monthRange = (month: IsoMonth): { first: IsoDate; last: IsoDate } => {
  const match = ISO_MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const first = `${match[1]}-${match[2]}-01`;
  const nextFirst = toIsoDate(new Date(Date.UTC(year, monthNumber, 1)));
  return { first, last: addDays(nextFirst, -1) };
};
