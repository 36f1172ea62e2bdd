import { formatTime } from './format-time.ts';

const toHundredths = (ms: number): number => Math.floor(ms / 10);

/**
 * The IFSC display of speed times (RULES.md 3): each time is truncated, not rounded, to
 * hundredths (4827 -> "4.82"), and shown with 3 decimals when another time of the list falls on
 * the same hundredth, so that the display separates athletes the way the ranking does
 * ("5.051" and "5.057"). Pass the times shown together (e.g. every best time of a round);
 * null entries (no time) stay null.
 */
export const formatSpeedTimes = (msList: readonly (number | null)[]): (string | null)[] => {
  const countByHundredth = new Map<number, number>();
  msList.forEach((ms) => {
    if (ms !== null) countByHundredth.set(toHundredths(ms), (countByHundredth.get(toHundredths(ms)) ?? 0) + 1);
  });
  return msList.map((ms) => {
    if (ms === null) return null;
    const full = formatTime(ms);
    return (countByHundredth.get(toHundredths(ms)) ?? 0) > 1 ? full : full.slice(0, -1);
  });
};
