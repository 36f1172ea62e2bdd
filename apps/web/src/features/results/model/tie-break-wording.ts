import { TIE_BREAK_CODES, type TieBreakCode } from '@climbing/domain';

const isTieBreakCode = (code: string): code is TieBreakCode => (TIE_BREAK_CODES as readonly string[]).includes(code);

/**
 * The catalogue key that says in words what separated a racer from the next one ("more tops",
 * "count-back to the previous round"); null when nothing did (tied, or the last racer). A code
 * this build does not know yet gets a generic text instead of a raw code.
 */
export const tieBreakKey = (code: string | null): string | null => {
  if (code === null) return null;
  return isTieBreakCode(code) ? `results.tieBreak.${code}` : 'results.tieBreak.OTHER';
};
