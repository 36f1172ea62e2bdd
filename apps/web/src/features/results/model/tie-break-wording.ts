import type { TFunction } from '../../../lib/translation';

/**
 * What separated a racer from the next one in words ("more tops", "count-back to the previous
 * round"); empty when nothing did (tied, or the last racer). A code this build has no words for
 * gets a generic text instead of a raw code: the catalogue is the list of known codes (no copy of
 * the domain's list on the live page, its budget in docs/performance.md).
 */
export const tieBreakText = (t: TFunction, code: string | null): string =>
  code === null ? '' : t(`results.tieBreak.${code}`, { defaultValue: t('results.tieBreak.OTHER') });
