/*
 * One formatter per kind of figure, so every screen (results, live page, projector, print, CSV,
 * bracket, the judge's forms) writes a kind the same way, with the language's decimal separator:
 * Slovak "6,01", English "6.01" (the judges type either; parseTime accepts both).
 *
 * - Speed times in results and the bracket: IFSC's display (RULES.md 3), truncated to hundredths;
 *   where two different times of the list shown together share their hundredths, the whole list
 *   gets 3 decimals, so a list never mixes "6.700" and "6.80".
 * - An entered time (the judge's form, a step preview): always 3 decimals, the entry precision
 *   (lib/format-entry-time.ts, its own module for the live page's budget).
 * - Points: a fixed number of decimals per kind (IFSC points of bouldering 1, a lead qualification's
 *   geometric mean 2, as IFSC publishes them; cup points 2): "7,00", never "7" beside "12,49".
 * - Lead climbing times: minutes and seconds ("2:50"), all with 3 decimals where one has a fraction.
 */

/** Whole milliseconds as seconds with 3 decimals: 6010 -> "6.010" (the domain's formatTime, here so this module stands alone). */
const formatTime = (ms: number): string => `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;

/** The language's decimal separator: "," for Slovak, "." for English. */
export const decimalSeparator = (language: string): string => (1.5).toLocaleString(language).charAt(1);

const localise = (text: string, language: string): string => text.replace('.', decimalSeparator(language));

/**
 * Speed times shown together (a results table, a bracket): a function from milliseconds to text.
 * Truncated to hundredths, or all to 3 decimals when two different times share their hundredths.
 */
export const speedTimeFormatter = (times: Iterable<number | null | undefined>, language: string): ((ms: number) => string) => {
  const distinct = new Set([...times].filter((ms) => ms != null));
  const thousandths = new Set([...distinct].map((ms) => Math.floor(ms / 10))).size < distinct.size;
  return (ms) => localise(formatTime(ms).slice(0, thousandths ? undefined : -1), language);
};

/** Points with a fixed number of decimals in the language's notation: (7, 2) -> "7,00". */
export const formatPoints = (value: number, decimals: number, language: string): string => localise(value.toFixed(decimals), language);

/**
 * Lead climbing times shown together: "m:ss", with 3 decimals for the whole list when one of its
 * times has a fraction of a second.
 */
export const leadTimeFormatter = (times: Iterable<number | null | undefined>, language: string): ((ms: number) => string) => {
  const fraction = [...times].some((ms) => ms != null && ms % 1000);
  return (ms) => `${Math.floor(ms / 60_000)}:${localise(formatTime(ms % 60_000).slice(0, fraction ? undefined : -4), language).padStart(fraction ? 6 : 2, '0')}`;
};
