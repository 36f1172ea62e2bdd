import { LEAD_HOLD_MAX } from '@climbing/domain';

/**
 * Why a typed height cannot be saved: `invalid` is not a hold number ("abc", "28.25", "2 8"),
 * `negative` is below the ground ("-5"), `tooHigh` is above the limit the server enforces
 * (`LEAD_HOLD_MAX`).
 */
export type HoldProblem = 'invalid' | 'negative' | 'tooHigh';

export type HoldEntry = { ok: true; hold: number | null } | { ok: false; problem: HoldProblem };

/** A hold number with at most one decimal (a half hold, "26.5" or "26,5"). */
const HOLD = /^\d+(?:[.,]\d)?$/;
/** A number with a minus sign in front: said to be negative rather than "not a height". */
const NEGATIVE = /^-\s*\d+(?:[.,]\d+)?$/;

/**
 * Reads the lead judge's Hold field. An empty field is no height (null): whether that may replace a
 * stored height is the card's question, never decided by the field. Anything else that is not a
 * hold number between 0 and LEAD_HOLD_MAX is refused with its reason: the field used to strip
 * "abc" to nothing (and so erase the stored height on save), save "-5" as 0 and cut 1000 to 999.
 */
export function readHold(text: string): HoldEntry {
  const typed = text.trim();
  if (typed === '') return { ok: true, hold: null };
  if (NEGATIVE.test(typed)) return { ok: false, problem: 'negative' };
  if (!HOLD.test(typed)) return { ok: false, problem: 'invalid' };
  const hold = Number(typed.replace(',', '.'));
  if (hold > LEAD_HOLD_MAX) return { ok: false, problem: 'tooHigh' };
  return { ok: true, hold };
}

/** A stored height as the field shows it: "36", "26,5" in Slovak, "26.5" in English (readHold reads both). */
export const holdText = (hold: number | null | undefined, language: string): string => {
  if (hold === null || hold === undefined) return '';
  const separator = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return String(hold).replace('.', separator);
};
