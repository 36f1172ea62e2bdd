import { DISCIPLINES, type Discipline } from '@climbing/domain';
import { COLUMN_GROUPS, type ColumnGroup } from './result-columns';

/*
 * What only the results page asks of the columns (the print options and the paper), apart from
 * result-columns.ts, which the live page loads too (its budget, docs/performance.md).
 */

/**
 * The column groups that can say something in a race of this discipline: boulders, routes and the
 * score belong to bouldering and lead, tops and zones to bouldering, the time to speed (lead times
 * only decide inside a route's marks), the tie-break words to the disciplines whose ranking has
 * them. Without a known discipline every group is offered.
 */
export const columnGroupsFor = (discipline: string | null | undefined): readonly ColumnGroup[] => {
  const left: Record<Discipline, readonly ColumnGroup[]> = {
    BOULDERING: ['time'],
    LEAD: ['totals', 'time'],
    SPEED: ['marks', 'totals', 'score', 'tieBreak'],
  };
  const out = (DISCIPLINES as readonly string[]).includes(discipline ?? '') ? left[discipline as Discipline] : [];
  return COLUMN_GROUPS.filter((group) => !out.includes(group));
};


/**
 * The most columns a results table prints on A4 portrait with every boulder's marks on one line:
 * measured in Chromium's print layout with Slovak headings, 15 columns take about 680 of the paper's
 * 718 px and 17 about 760. A wider table prints on landscape paper unless the reader asks for portrait.
 */
export const PORTRAIT_MAX_COLUMNS = 15;
