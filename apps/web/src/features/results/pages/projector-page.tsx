import { STAGES, type Stage } from '@climbing/domain';
import { Alert, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useParams, useSearchParams } from 'react-router';
import { parseIdParam, raceLeadStyle, raceRanksSexesApart, raceSpeedLanes, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import type { ResultRow } from '../api/results';
import type { SpeedMatch } from '../api/speed-bracket-schema';
import { useLiveResults, type LiveSpeedBracket } from '../api/use-live-results';
import { LiveStatusBadge } from '../components/live-status-badge';
import { PODIUM_COLORS } from '../components/podium-colors';
import { changedRacers, figuresByRacer, packPages, rowsPerPage, type ScreenPart } from '../model/projector-paging';
import { resultSections, stageRows } from '../model/ranking-sections';
import { fromSeveralGroups, placeDecided, resultColumns, type ColumnGroup } from '../model/result-columns';
import { rankedInItsGroup, UNSEEN_TIE_BREAKS } from '../model/tie-break-wording';
import classes from './projector-page.module.css';

/** A speed final's brackets: their code loads only when the projected race has one. */
const SpeedBrackets = lazy(() => import('../components/speed-brackets'));

export const DEFAULT_PAGE_SECONDS = 10;
const MIN_PAGE_SECONDS = 2;
/** How long a racer's new score stays highlighted. */
export const HIGHLIGHT_MS = 6_000;
/**
 * The height of one row in CSS pixels (projector-page.module.css keeps it): the first guess of the
 * rows a page holds, before the rendered rows are measured.
 */
const ROW_HEIGHT = 54;
/** The rows of the pages shown (a ranking's heading row and the racers' rows), not the hidden sizer rows. */
const PAGE_ROWS = 'tbody[data-page-part] > tr';
const PROJECTOR_COLUMNS: readonly ColumnGroup[] = ['number', 'country', 'category', 'group', 'marks', 'totals', 'score', 'time', 'tieBreak'];

/**
 * /live/race/:raceId/projector — the live results of one stage for a projector or a big screen: no
 * app header or footer, the whole screen, large type, and the rows paged automatically
 * (`interval` seconds a page, default 10) so every racer shows; a new score is highlighted for a
 * few seconds and its page is shown at once. `stage` picks the stage (default: the latest with racers).
 */
export function ProjectorPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('app.badRace')}</Alert>;
  return <Projector raceId={raceId} />;
}

/** A screenful: one ranking's rows, or short rankings (women, men) one under the other. */
type ScreenPage = ScreenPart<'F' | 'M' | null, { key: string; row: ResultRow }>[];

function Projector({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const race = useRaceInfo(raceId);
  const live = useLiveResults(raceId, []);
  const wantedStage = params.get('stage');
  const pageSeconds = Math.max(MIN_PAGE_SECONDS, Number(params.get('interval')) || DEFAULT_PAGE_SECONDS);
  const withRows = [...STAGES].reverse().filter((stage) => (live.rowsByStage[stage]?.length ?? 0) > 0);
  const stage: Stage | undefined = (STAGES as readonly string[]).includes(wantedStage ?? '') ? (wantedStage as Stage) : withRows[0];
  const rows = useMemo(() => (stage ? (live.rowsByStage[stage] ?? []) : []), [stage, live.rowsByStage]);
  const separateSexes = raceRanksSexesApart(race.data);
  const podiumStage = race.data?.raceFormat ? raceStages(race.data).at(-1) : withRows[0];

  const { ref: bodySizeRef, height: bodyHeight, width: bodyWidth } = useElementSize();
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyRefs = useMergedRef(bodySizeRef, bodyRef);
  // The rows a page holds: measured on the screen once rows are drawn (the table's zoom, heading
  // and the lines above it all change what fits), guessed from the fixed row height before.
  const [measuredPerPage, setMeasuredPerPage] = useState<number | null>(null);
  const perPage = measuredPerPage ?? Math.max(1, Math.floor((bodyHeight - ROW_HEIGHT) / ROW_HEIGHT));
  const sections = useMemo(() => resultSections(stageRows(rows), { separateSexes, sex: null, categoryId: null, group: null }), [rows, separateSexes]);
  const pages: ScreenPage[] = useMemo(() => packPages(sections.map((section) => ({ ranking: section.ranking, rows: section.rows })), perPage), [sections, perPage]);
  // A speed final with its brackets: each bracket (women's, men's) is a page of the cycle, the ranking's pages follow.
  const bracket = stage === 'FINAL' && live.bracket && live.bracket.matches.length > 0 ? live.bracket : null;
  const bracketPages = bracket?.brackets.length ?? 0;
  const total = bracketPages + pages.length;
  const [pageIndex, setPageIndex] = useState(0);
  const [paging, setPaging] = useState(0);
  const cycleIndex = pageIndex % Math.max(1, total);
  const shownBracket = bracket && cycleIndex < bracketPages ? bracket.brackets[cycleIndex] : undefined;
  const onBracket = shownBracket !== undefined;
  const shown: ScreenPage = onBracket ? [] : (pages[cycleIndex - bracketPages] ?? []);
  // One ranking on the page: the subtitle names it; several: each has a heading row in the table.
  const headings = shown.length > 1;

  // Reads the current pages without making re-paging a reason to run the change effect again:
  // only a new live update is a change.
  const showPageOf = useEffectEvent((racerId: number | undefined) => {
    // In a speed final the news is in the bracket (its own change shows it).
    if (bracket) return;
    const holding = pages.findIndex((page) => page.some((part) => part.rows.some(({ row }) => row.racer.id === racerId)));
    if (holding < 0) return;
    setPageIndex(holding);
    setPaging((value) => value + 1);
  });

  // A match entered: its bracket's page is shown at once.
  const seenMatches = useRef<Map<number, SpeedMatch> | null>(null);
  useEffect(() => {
    if (!bracket) return;
    const before = seenMatches.current;
    seenMatches.current = new Map(bracket.matches.map((match) => [match.id, match]));
    const changed = before ? bracket.matches.filter((match) => before.get(match.id) !== match).at(-1) : undefined;
    const page = changed ? bracket.brackets.findIndex((one) => one.gender === changed.gender) : -1;
    if (page < 0) return;
    setPageIndex(page);
    setPaging((value) => value + 1);
  }, [bracket]);

  // The latest change: highlighted for a few seconds, and its page shown at once.
  const previous = useRef<Map<number, string> | null>(null);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (rows.length === 0) return;
    const changed = changedRacers(previous.current, rows);
    previous.current = figuresByRacer(rows);
    if (changed.length === 0) return;
    setHighlighted(new Set(changed));
    showPageOf(changed.at(-1));
    const timer = setTimeout(() => setHighlighted(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [rows]);

  // Paging through every row; a jump to a change starts the interval again.
  useEffect(() => {
    if (total <= 1) return;
    const timer = setInterval(() => setPageIndex((index) => (index + 1) % total), pageSeconds * 1000);
    return () => clearInterval(timer);
  }, [total, pageSeconds, paging]);

  const severalGroups = useMemo(() => fromSeveralGroups(rows), [rows]);
  // Ranked in groups (the groups' 1st places share rank 1): said in a line under the title, as on the live page.
  const rankedInGroups = stage === 'QUALIFICATION' && severalGroups && rows.some(rankedInItsGroup);
  const columns = useMemo(() => {
    return resultColumns(rows, new Set(PROJECTOR_COLUMNS), t, i18n.language, {
      speedLanes: raceSpeedLanes(race.data),
      rankings: sections.map((section) => section.rows.map(({ row }) => row)),
      // What put a racer ahead of an equal-looking next one, where the figures do not show it.
      tieBreakCodes: UNSEEN_TIE_BREAKS,
    }).filter((column) => column.id !== 'group' || severalGroups);
  }, [rows, sections, severalGroups, t, i18n.language, race.data]);
  const tableRef = useRef<HTMLTableElement>(null);
  const fit = useRef({ key: '', zoom: 1 });
  const columnsKey = columns.map((column) => column.id).join(' ');
  /*
   * Every column on the screen: a table wider than the screen (five boulders, groups, categories
   * and the points at 1920 px) is zoomed out to fit instead of losing its last column, the points,
   * past the edge. The zoom only ever shrinks while the columns and the screen stay the same, so
   * pages with longer names do not make the type jump from page to page.
   */
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || bodyWidth <= 0) return;
    const key = `${columnsKey}|${Math.round(bodyWidth)}`;
    if (fit.current.key !== key) fit.current = { key, zoom: 1 };
    table.style.zoom = '';
    const natural = table.getBoundingClientRect().width;
    fit.current.zoom = Math.min(fit.current.zoom, natural > bodyWidth ? bodyWidth / natural : 1);
    if (fit.current.zoom < 1) table.style.zoom = String(fit.current.zoom);
  });
  /*
   * As many rows a page as the screen holds, from the rows drawn now (after the zoom above): the
   * space from the first row's top to the bottom of the screen's body, over one row's height
   * (the rows shown, top of the first to bottom of the last, over their count). Measured again
   * whenever the body's size changes (a resized window, a title or line above the table wrapping
   * differently), the columns change (and with them the zoom) or another page is shown; the row
   * height does not depend on the rows a page holds, so this settles after one more render.
   */
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const drawn = tableRef.current?.querySelectorAll<HTMLTableRowElement>(PAGE_ROWS);
    if (!body || !drawn || drawn.length === 0) return;
    const top = drawn[0]!.getBoundingClientRect().top;
    const rowHeight = (drawn[drawn.length - 1]!.getBoundingClientRect().bottom - top) / drawn.length;
    const fitting = rowsPerPage(body.getBoundingClientRect().bottom - top, rowHeight);
    if (fitting !== null && fitting !== measuredPerPage) setMeasuredPerPage(fitting);
  }, [bodyHeight, bodyWidth, columns, pages, pageIndex, measuredPerPage]);
  const leadStyle = stage ? raceLeadStyle(race.data, stage) : null;
  const rankingName = (ranking: 'F' | 'M' | null) => (ranking ? t(ranking === 'F' ? 'raceGender.WOMEN' : 'raceGender.MEN') : null);
  const subtitle = [stage ? t(`results.stage.${stage}`) : null, leadStyle ? t(`leadStyle.${leadStyle}`) : null, headings ? null : rankingName(shown[0]?.ranking ?? null)]
    .filter(Boolean)
    .join(' · ');

  // The whole screen is the page's main landmark (there is no app shell around it).
  return (
    <main className={classes.screen} data-testid="projector">
      <div className={classes.top}>
        <div className={classes.titles}>
          <h1 className={classes.title}>{race.isPending ? t('app.loading') : raceTitle(race.data, raceId)}</h1>
          <p className={classes.subtitle} data-testid="projector-subtitle">
            {subtitle}
          </p>
          {rankedInGroups && (
            <p className={classes.note} data-testid="projector-groups-rank-apart">
              {t('results.groupsRankApart')}
            </p>
          )}
        </div>
        <div className={classes.status}>
          <LiveStatusBadge status={live.status} size="xl" finished={race.data?.state === 'FINISHED'} />
          {total > 1 && (
            <p className={classes.pageNumber} data-testid="projector-page-number">
              {t('live.projector.page', { current: cycleIndex + 1, total })}
            </p>
          )}
        </div>
      </div>
      <div className={classes.body} ref={bodyRefs}>
        {live.status === 'ended' && <Alert color="red">{t('live.accessEnded')}</Alert>}
        {live.status !== 'connecting' && rows.length === 0 && <Text className={classes.empty}>{t('live.noResults')}</Text>}
        {bracket && shownBracket && <FittedBrackets bracket={{ ...bracket, brackets: [shownBracket] }} width={bodyWidth} height={bodyHeight} />}
        {rows.length > 0 && !onBracket && (
          <table ref={tableRef} className={classes.table} data-testid="projector-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.id} className={column.numeric ? classes.numeric : undefined} data-column={column.id}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            {shown.map((part) => (
              <tbody key={part.ranking ?? 'all'} data-testid={`projector-part-${part.ranking ?? 'all'}`} data-page-part>
                {headings && (
                  <tr className={classes.partHeading}>
                    <th colSpan={columns.length} scope="colgroup">
                      {rankingName(part.ranking)}
                    </th>
                  </tr>
                )}
                {part.rows.map(({ key, row }) => {
                  const onPodium = stage === podiumStage && !row.empty && placeDecided(row) && row.rank >= 1 && row.rank <= 3;
                  const changed = highlighted.has(row.racer.id);
                  return (
                    <tr
                      key={key}
                      data-testid={`projector-row-${row.racer.racerNumber}`}
                      data-rank={row.empty ? '' : row.rank}
                      data-changed={changed || undefined}
                      className={changed ? classes.changed : undefined}
                      style={onPodium && !changed ? { backgroundColor: PODIUM_COLORS[row.rank] } : undefined}
                    >
                      {columns.map((column) => (
                        <td key={column.id} className={column.numeric ? classes.numeric : column.id === 'name' ? classes.name : undefined} data-column={column.id}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            ))}
            {/*
             * Every racer of the stage once more, collapsed (no height, nothing drawn, nothing read
             * out): the columns are as wide as the widest cell of all pages, not of the page shown,
             * so paging every few seconds does not move them.
             */}
            <tbody className={classes.sizer} aria-hidden>
              {rows.map((row) => (
                <tr key={row.racer.id}>
                  {columns.map((column) => (
                    <td key={column.id} className={column.numeric ? classes.numeric : column.id === 'name' ? classes.name : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </main>
  );
}

/** A bracket of four is drawn at most this much larger than its large type (read from the back of a hall). */
const MAX_BRACKET_SCALE = 2.5;

/**
 * The brackets as large as the screen's body holds them: drawn in large type and scaled to fill
 * it, never cut off. A transform leaves the drawn size as it is, so measuring it (again when the
 * bracket's code has loaded or a match changed its size) never feeds back into the scale.
 */
function FittedBrackets({ bracket, width, height }: { bracket: LiveSpeedBracket; width: number; height: number }) {
  const { ref, width: drawnWidth, height: drawnHeight } = useElementSize();
  const scale = drawnWidth > 0 && drawnHeight > 0 && width > 0 && height > 0 ? Math.min(MAX_BRACKET_SCALE, width / drawnWidth, height / drawnHeight) : 1;
  return (
    <div ref={ref} className={classes.brackets} style={scale !== 1 ? { transform: `scale(${scale})` } : undefined} data-testid="projector-bracket" data-scale={scale.toFixed(3)}>
      <Suspense fallback={null}>
        <SpeedBrackets brackets={bracket.brackets} matches={bracket.matches} narrow={false} large />
      </Suspense>
    </div>
  );
}
