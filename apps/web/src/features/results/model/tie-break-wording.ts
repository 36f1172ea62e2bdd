import type { TFunction } from '../../../lib/translation';
import type { ResultRow } from '../api/results';

/**
 * What separated a racer from the next one in words ("more tops", "count-back to the previous
 * round"); empty when nothing did (tied, or the last racer). A code this build has no words for
 * gets a generic text instead of a raw code: the catalogue is the list of known codes (no copy of
 * the domain's list on the live page, its budget in docs/performance.md).
 */
export const tieBreakText = (t: TFunction, code: string | null): string =>
  code === null ? '' : t(`results.tieBreak.${code}`, { defaultValue: t('results.tieBreak.OTHER') });

/**
 * Whether a row's rank merges the ranks of its qualification group with the other groups' (1, 1,
 * 1, 4 …): bouldering groups climb different boulders and are ranked apart (RULES.md 1c); lead
 * and speed groups climb the same routes and are ranked as one field.
 */
export const rankedInItsGroup = (row: Pick<ResultRow, 'stage' | 'boulders' | 'racer'>): boolean =>
  row.stage === 'QUALIFICATION' && row.boulders !== null && row.racer.qualificationGroup !== null;

/**
 * The tie-break code each row shows, about the row shown below it. Racers sharing a place have
 * nothing between them: the criterion that put them ahead of the next place goes on the last of
 * them as shown (the server puts it on the last in its own order, which the page does not keep).
 * In a bouldering qualification climbed in several groups, the server's code compares a racer with
 * the next racer of the same group; where the row below is of another group, the racer placed
 * better in their own group. One group shown alone is one field again.
 */
export const shownTieBreaks = (rows: readonly ResultRow[]): Map<ResultRow, string | null> => {
  const shown = new Map<ResultRow, string | null>();
  const merged = new Set(rows.filter(rankedInItsGroup).map((row) => row.racer.qualificationGroup)).size > 1;
  const codeOf = (tied: readonly ResultRow[]) => tied.map((other) => other.tieBreak).find((code) => code !== null) ?? null;
  let start = 0;
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    if (next && next.rank === row.rank) return;
    const tied = rows.slice(start, index + 1);
    start = index + 1;
    for (const other of tied) shown.set(other, null);
    if (!merged || !rankedInItsGroup(row)) shown.set(row, codeOf(tied));
    else if (next && !next.empty && rankedInItsGroup(next) && next.racer.qualificationGroup !== row.racer.qualificationGroup) shown.set(row, 'GROUP_RANK');
    else shown.set(row, codeOf(tied.filter((other) => other.racer.qualificationGroup === row.racer.qualificationGroup)));
  });
  return shown;
};

/**
 * The tie-break codes the figures beside them do not show: the previous round, the podium rule,
 * the lead time, another rule ("more tops" is plain from the tops). Where room is short (the
 * projector, a phone's live cards) only these are said; three identical 2T2Z rows at 1, 2 and 3
 * of a final still get their reason. Groups ranked apart are said once, in a line, not per row.
 */
export const UNSEEN_TIE_BREAKS: ReadonlySet<string> = new Set(['COUNTBACK', 'TOPS_BY_ATTEMPT', 'ZONES_BY_ATTEMPT', 'TIME', 'OTHER']);
