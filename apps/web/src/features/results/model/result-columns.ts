import type { TFunction } from '../../../lib/translation';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { formatPoints, leadTimeFormatter, speedTimeFormatter } from '../../../lib/format-figures';
import type { ResultRow } from '../api/results';
import { shownTieBreaks, tieBreakText } from './tie-break-wording';

/** Column groups the print options switch on and off; rank and name are always shown. */
export const COLUMN_GROUPS = ['number', 'club', 'country', 'category', 'group', 'marks', 'totals', 'score', 'time', 'tieBreak'] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];

/**
 * What a column is to a reader, so a narrow screen can lay a row out as a card: the rank, the
 * racer's number and name, facts about the racer, the stage's figures (always visible), the
 * per-boulder detail (behind a disclosure) and the tie-break note.
 */
export type ColumnKind = 'rank' | 'number' | 'name' | 'racer' | 'figure' | 'detail' | 'note';

export interface ResultColumn {
  id: string;
  header: string;
  cell: (row: ResultRow) => string;
  kind: ColumnKind;
  numeric?: boolean;
  /** The figure that ranks (a speed qualification's best time beside its lanes): printed bold. */
  emphasis?: boolean;
  /**
   * The row's cell reads as a sentence of its own, not as a figure under the column's name: a phone
   * card shows it without the header ("Still racing: Semi-final", not "Time Still racing: …").
   */
  standalone?: (row: ResultRow) => boolean;
}

type RunMark = NonNullable<ResultRow['runs']>[number];


/** "28+", "TOP" or "" for a lead route. */
const leadMark = (route: { hold: number | null; plus: boolean; top: boolean }): string =>
  route.top ? 'TOP' : route.hold === null ? '' : `${route.hold}${route.plus ? '+' : ''}`;

/**
 * Whether the row's place is final. A racer still in a speed bracket shares the best place they can
 * still reach (the ranks stay a valid ranking), but that is no place yet: no podium colour, no rank shown.
 */
export const placeDecided = (row: ResultRow): boolean => row.speedFinal?.decided !== false;

const text = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export interface ColumnOptions {
  /**
   * One age category is shown: the rank column is the rank within the category (`categoryRank`)
   * and the rank in the whole ranking follows as its own column.
   */
  byCategory?: boolean;
  /**
   * The race's speed qualification runs are lanes A and B (world-cup type), else routes and
   * attempts (nomination type). Unknown: two single-attempt runs read as lanes.
   */
  speedLanes?: boolean | undefined;
  /**
   * The rows are several rankings one after the other (women's, then men's): what separated a
   * racer from the next is said within each ranking, never about the first racer of the next one.
   */
  rankings?: readonly (readonly ResultRow[])[];
  /** Only these tie-break codes are said (the projector: what its figures do not show already); all when unset. */
  tieBreakCodes?: ReadonlySet<string>;
}

/**
 * Speed times as IFSC publishes them (RULES.md, speed: time display): truncated to hundredths
 * ("6.85" for 6,859 ms), all with the third decimal where two different times of the table share
 * their hundredths ("5.051", "5.057"), in the language's notation (lib/format-figures). Ranks are
 * decided on milliseconds by the server.
 */
const speedTimeDisplay = (rows: readonly ResultRow[], language: string): ((ms: number) => string) =>
  speedTimeFormatter(
    rows.flatMap((row) => [row.time, ...(row.runs ?? []).map((run) => run.time), row.speedFinal?.run?.time ?? null, row.speedFinal?.bestTime ?? null]),
    language,
  );

/**
 * The columns of a results table for the rows at hand, in order: the same list renders the
 * table and writes the CSV, so an export holds exactly what is shown.
 */
export const resultColumns = (rows: readonly ResultRow[], visible: ReadonlySet<ColumnGroup>, t: TFunction, language: string, options: ColumnOptions = {}): ResultColumn[] => {
  const boulders = Math.max(0, ...rows.map((row) => row.boulders?.length ?? 0));
  const routes = Math.max(0, ...rows.map((row) => row.routes?.length ?? 0));
  const hasTotals = rows.some((row) => row.boulders !== null);
  const hasTime = rows.some((row) => row.time !== null);
  // A speed qualification publishes every run beside the best time: its slots in route and attempt order.
  const slots = [...new Map(rows.flatMap((row) => row.runs ?? []).map((run) => [`${run.route}-${run.attempt}`, run] as const)).values()].sort((a, b) => a.route - b.route || a.attempt - b.attempt);
  const hasRuns = rows.some((row) => row.runs?.some((run) => run.time !== null || run.fall || run.falseStart));
  const lanes = options.speedLanes ?? (slots.length <= 2 && slots.every((slot) => slot.attempt === 0));
  const speedTime = speedTimeDisplay(rows, language);
  const runText = (run: Pick<RunMark, 'time' | 'fall' | 'falseStart'> | null | undefined): string => {
    if (!run) return '';
    const time = run.time === null ? '' : speedTime(run.time);
    const failure = run.falseStart ? t('results.run.falseStart') : run.fall ? t('results.run.fall') : '';
    return failure && time ? `${failure} (${time})` : failure || time;
  };
  // A speed final publishes the run each place rests on (the heat that decided it), a fall or false
  // start by name, and for the 1/8 and 1/4 losers the best time that orders them in brackets: "6.70 (6.40)".
  const bracketRows = rows.some((row) => row.speedFinal !== null);
  // A racer still in the bracket has no place yet: the heat they race, with the run already climbed in it.
  const finalText = (mark: NonNullable<ResultRow['speedFinal']>): string => {
    const { run, bestTime } = mark;
    if (!mark.decided) return t('results.stillRacing', { stage: t(`speed.stage.${mark.stage}`) }) + (run?.time == null ? '' : ` (${speedTime(run.time)})`);
    const time = runText(run);
    return bestTime !== null && bestTime !== run?.time ? `${time} (${speedTime(bestTime)})` : time;
  };
  const hasCategories = rows.some((row) => row.ageCategory !== null);
  // Columns without a single value are left out: an empty column only pushes the others off the screen or the paper.
  const hasScore = rows.some((row) => row.score !== null);
  const tieBreaks = new Map(
    [...(options.rankings ?? [rows])].flatMap((ranking) => [...shownTieBreaks(ranking)]).map(([row, code]) => [row, code !== null && options.tieBreakCodes && !options.tieBreakCodes.has(code) ? null : code] as const),
  );
  const hasTieBreak = [...tieBreaks.values()].some((code) => code !== null);
  const hasClub = rows.some((row) => row.racer.club);
  const hasCountry = rows.some((row) => row.racer.country);
  // The qualification group names where a racer climbed in the qualification; in later stages it says nothing.
  const hasGroup = rows.some((row) => row.racer.qualificationGroup && row.stage === 'QUALIFICATION');
  // IFSC points of bouldering with 1 decimal, a lead qualification's geometric mean with 2 (as published).
  const scoreDecimals = rows.some((row) => row.routes !== null) ? 2 : 1;
  // The rows whose lead climbing time decided a place: the one ahead on time (tie-break TIME, about the
  // row below it; the last row of a ranking has none) and the one below it, beaten on time.
  const withTime = new Set(rows.flatMap((row, index) => (row.tieBreak === 'TIME' ? [row, rows[index + 1]] : [])));
  const leadTime = leadTimeFormatter(
    rows.filter((row) => withTime.has(row)).flatMap((row) => (row.routes ?? []).map((route) => route.time)),
    language,
  );
  const show = (group: ColumnGroup) => visible.has(group);

  const columns: ResultColumn[] = options.byCategory
    ? [
        { id: 'rank', kind: 'rank', header: t('results.column.categoryRank'), cell: (row) => (row.empty || !placeDecided(row) ? '' : text(row.categoryRank)), numeric: true },
        { id: 'overallRank', kind: 'rank', header: t('results.column.overallRank'), cell: (row) => (row.empty || !placeDecided(row) ? '' : String(row.rank)), numeric: true },
      ]
    : [{ id: 'rank', kind: 'rank', header: t('results.column.rank'), cell: (row) => (row.empty || !placeDecided(row) ? '' : String(row.rank)), numeric: true }];
  if (show('number')) columns.push({ id: 'number', kind: 'number', header: t('results.column.number'), cell: (row) => String(row.racer.racerNumber), numeric: true });
  columns.push({ id: 'name', kind: 'name', header: t('results.column.name'), cell: (row) => row.racer.fullName });
  if (show('club') && hasClub) columns.push({ id: 'club', kind: 'racer', header: t('results.column.club'), cell: (row) => row.racer.club ?? '' });
  if (show('country') && hasCountry) columns.push({ id: 'country', kind: 'racer', header: t('results.column.country'), cell: (row) => row.racer.country ?? '' });
  if (show('category') && hasCategories) columns.push({ id: 'category', kind: 'racer', header: t('results.column.category'), cell: (row) => row.ageCategory?.name ?? '' });
  if (show('group') && hasGroup) columns.push({ id: 'group', kind: 'racer', header: t('results.column.group'), cell: (row) => row.racer.qualificationGroup ?? '' });
  if (show('marks')) {
    for (let index = 0; index < boulders; index += 1) {
      columns.push({ id: `boulder-${index}`, kind: 'detail', header: t('results.column.boulder', { number: index + 1 }), cell: (row) => formatBoulderMarks(row.boulders?.[index] ?? { topAttempts: null, zoneAttempts: null }) });
    }
    for (let index = 0; index < routes; index += 1) {
      const route = (row: ResultRow) => row.routes?.[index];
      columns.push({ id: `route-${index}`, kind: 'figure', header: t('results.column.route', { number: index + 1 }), cell: (row) => {
          const value = route(row);
          if (!value) return '';
          // Where the time decided a place, it is part of the result: "38+ (2:50)".
          return withTime.has(row) && value.time !== null && leadMark(value) ? `${leadMark(value)} (${leadTime(value.time)})` : leadMark(value);
        } });
    }
  }
  if (show('totals') && hasTotals) {
    columns.push(
      { id: 'tops', kind: 'figure', header: t('results.column.tops'), cell: (row) => text(row.tops), numeric: true },
      { id: 'zones', kind: 'figure', header: t('results.column.zones'), cell: (row) => text(row.zones), numeric: true },
      { id: 'topAttempts', kind: 'figure', header: t('results.column.topAttempts'), cell: (row) => text(row.topAttempts), numeric: true },
      { id: 'zoneAttempts', kind: 'figure', header: t('results.column.zoneAttempts'), cell: (row) => text(row.zoneAttempts), numeric: true },
    );
  }
  if (show('score') && hasScore) columns.push({ id: 'score', kind: 'figure', header: t('results.column.score'), cell: (row) => (row.score === null ? '' : formatPoints(row.score, scoreDecimals, language)), numeric: true });
  if (show('time') && bracketRows) {
    columns.push({
      id: 'time',
      kind: 'figure',
      header: t('results.column.time'),
      cell: (row) => (row.speedFinal ? finalText(row.speedFinal) : ''),
      numeric: true,
      standalone: (row) => row.speedFinal?.decided === false,
    });
  } else if (show('time') && hasRuns) {
    for (const slot of slots) {
      const header = lanes && slot.route <= 1 ? t(slot.route === 0 ? 'results.column.laneA' : 'results.column.laneB') : t('results.column.run', { route: slot.route + 1, attempt: slot.attempt + 1 });
      columns.push({ id: `run-${slot.route}-${slot.attempt}`, kind: 'figure', header, cell: (row) => runText(row.runs?.find((run) => run.route === slot.route && run.attempt === slot.attempt)), numeric: true });
    }
    // The best time ranks; a false start eliminates whatever the other run, so it says so beside that run's time ("False start (5.121)").
    columns.push({
      id: 'time',
      kind: 'figure',
      header: t('results.column.best'),
      cell: (row) => {
        const time = row.time === null ? '' : speedTime(row.time);
        if (!row.falseStarts) return time;
        return time ? `${t('results.run.falseStart')} (${time})` : t('results.run.falseStart');
      },
      numeric: true,
      emphasis: true,
    });
  } else if (show('time') && hasTime) columns.push({ id: 'time', kind: 'figure', header: t('results.column.time'), cell: (row) => (row.time === null ? '' : speedTime(row.time)), numeric: true });
  if (show('tieBreak') && hasTieBreak) {
    columns.push({
      id: 'tieBreak',
      kind: 'note',
      header: t('results.column.tieBreak'),
      cell: (row) => tieBreakText(t, tieBreaks.has(row) ? (tieBreaks.get(row) ?? null) : row.tieBreak),
    });
  }
  return columns;
};

/** Whether the rows come from several qualification groups, ranked apart (1, 1, 1, 4 ...): their column explains those ranks. */
export const fromSeveralGroups = (rows: readonly ResultRow[]): boolean => new Set(rows.map((row) => row.racer.qualificationGroup).filter(Boolean)).size > 1;
