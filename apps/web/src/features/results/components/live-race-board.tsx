import { STAGES, type Sex, type Stage } from '@climbing/domain';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import { formatClockTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { parseIdParam, raceLeadStyle, raceRanksSexesApart, raceSpeedLanes, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { useLiveResults } from '../api/use-live-results';
import { resultSections, stageRows } from '../model/ranking-sections';
import { fromSeveralGroups, resultColumns, type ColumnGroup } from '../model/result-columns';
import { rankedInItsGroup, UNSEEN_TIE_BREAKS } from '../model/tie-break-wording';
import { LiveStatusBadge } from './live-status-badge';
import { RankingFilters } from './ranking-filters';
import { NARROW_SCREEN_QUERY, ResultsTable } from './results-table';
import { useSteadyScroll } from './use-steady-scroll';

/** A speed final's brackets: their code loads only where a race has one (the live page's scripts stay within budget). */
const SpeedBrackets = lazy(() => import('./speed-brackets'));

/** A phone, a tablet, a laptop: the results page's columns, what put a racer ahead of the next one and the club included (a walkthrough's parent saw two 40s at 2nd and 3rd with no reason). */
const NORMAL_COLUMNS: readonly ColumnGroup[] = ['number', 'club', 'country', 'category', 'marks', 'totals', 'score', 'time', 'tieBreak'];
/** Big screens and projectors: what a spectator reads from afar. */
const LARGE_COLUMNS: readonly ColumnGroup[] = ['marks', 'score', 'time'];
/** Screens narrower than a tablet (768 px, Mantine's `sm`): phones, where the filters fold away and the line on groups moves under the results. */
const PHONE_QUERY = 'screen and (max-width: 47.99em)';

interface LiveRaceBoardProps {
  raceId: number;
  /** The stages to show; empty = every stage of the race. */
  stages: readonly Stage[];
  large: boolean;
  hidden?: boolean;
}

/** One race on the live page: its stages newest first, each replaced whenever the server pushes; women and men apart when the race ranks them apart. */
export function LiveRaceBoard({ raceId, stages, large, hidden = false }: LiveRaceBoardProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const race = useRaceInfo(raceId);
  const live = useLiveResults(raceId, stages);
  useSteadyScroll(live.rowsByStage);
  // A phone: the filters fold behind a button and the line on qualification groups follows the stage's results, so the first results come first.
  const folded = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) && !large;
  // As narrow as the tables turn into cards: a speed final's rounds one under the other.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const visible = useMemo(() => new Set(large ? LARGE_COLUMNS : NORMAL_COLUMNS), [large]);
  const shown = [...STAGES].reverse().filter((stage) => live.rowsByStage[stage] !== undefined && (stages.length === 0 || stages.includes(stage)));
  // A stage with nobody in it yet (the final before the qualification ends) is left out.
  const withRows = shown.filter((stage) => (live.rowsByStage[stage]?.length ?? 0) > 0);
  // The podium belongs to the race's last stage; without the race format, to the latest stage climbed.
  const podiumStage = race.data?.raceFormat ? raceStages(race.data).at(-1) : withRows[0];
  const separateSexes = raceRanksSexesApart(race.data);
  const sexParam = params.get('sex');
  const sex: Sex | null = sexParam === 'F' || sexParam === 'M' ? sexParam : null;
  const categories = race.data?.ageCategories ?? [];
  const wantedCategory = parseIdParam(params.get('category') ?? undefined);
  const categoryId = categories.some((category) => category.id === wantedCategory) ? wantedCategory : null;
  // Qualification groups rank apart (1, 1, 1, 4 ...): the spectator may look at one group alone.
  const qualification = live.rowsByStage.QUALIFICATION;
  const groups = useMemo(() => [...new Set((qualification ?? []).map((row) => row.racer.qualificationGroup))].filter((name): name is string => Boolean(name)).sort(), [qualification]);
  const wantedGroup = params.get('group');
  const group = groups.length > 1 && wantedGroup !== null && groups.includes(wantedGroup) ? wantedGroup : null;
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" style={hidden ? { display: 'none' } : { overflowAnchor: 'none' }} data-testid={`live-race-${raceId}`} aria-hidden={hidden || undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} size={large ? 40 : 'h3'}>
          {race.isPending ? t('app.loading') : raceTitle(race.data, raceId)}
        </Title>
        <Stack gap={2} align="flex-end">
          <LiveStatusBadge status={live.status} finished={race.data?.state === 'FINISHED'} />
          {live.status !== 'connecting' && (
            <Text size="xs" c="dimmed" data-testid="live-last-score">
              {live.lastScoreAt ? t('live.lastScore', { time: formatClockTime(live.lastScoreAt, currentLanguage(i18n), true) }) : t('live.noScoreYet')}
            </Text>
          )}
        </Stack>
      </Group>
      {!large && (
        <RankingFilters
          mixed={race.data?.raceGender === 'MIXED'}
          sex={sex}
          onSex={(value) => set('sex', value)}
          categories={categories}
          categoryId={categoryId}
          onCategory={(value) => set('category', value === null ? null : String(value))}
          groups={groups}
          group={group}
          onGroup={(value) => set('group', value)}
          folded={folded}
        />
      )}
      {live.status === 'ended' && (
        <Alert color="red" role="alert" data-testid="live-access-ended">
          {t('live.accessEnded')}
        </Alert>
      )}
      {live.status !== 'connecting' && withRows.length === 0 && <Text c="dimmed">{t('live.noResults')}</Text>}
      {withRows.map((stage) => {
        // The group is chosen among the qualification's groups; a later stage ranks everybody together.
        const sections = resultSections(stageRows(live.rowsByStage[stage]), { separateSexes, sex, categoryId, group: stage === 'QUALIFICATION' ? group : null });
        const rows = sections.flatMap((section) => section.rows.map(({ row }) => row));
        // Ranked in groups: said in a line (also over one group alone, whose ranks skip: 1, 3, 5 ...); the group column only with several shown.
        // Bouldering only: lead and speed groups climb the same routes and are ranked as one field.
        const rankedInGroups = stage === 'QUALIFICATION' && groups.length > 1 && rows.some(rankedInItsGroup);
        const columns = resultColumns(rows, rankedInGroups && fromSeveralGroups(rows) ? new Set([...visible, 'group' as const]) : visible, t, i18n.language, {
          byCategory: categoryId !== null,
          speedLanes: raceSpeedLanes(race.data),
          // Women's and men's rankings apart: the last woman is not "ahead" of the first man.
          rankings: sections.map((section) => section.rows.map(({ row }) => row)),
          // A phone's cards say only the reasons the figures do not show: a line less on most cards.
          ...(folded ? { tieBreakCodes: UNSEEN_TIE_BREAKS } : {}),
        });
        const leadStyle = raceLeadStyle(race.data, stage);
        // During a speed final the bracket comes first; once the race is finished, the final ranking and its podium.
        const bracket =
          stage === 'FINAL' && live.bracket && live.bracket.matches.length > 0 ? (
            <Suspense fallback={null}>
              <SpeedBrackets brackets={live.bracket.brackets} matches={live.bracket.matches} sex={sex} narrow={narrow} large={large} />
            </Suspense>
          ) : null;
        const finished = race.data?.state === 'FINISHED';
        const groupsLine = (
          <Text size={large ? 'xl' : 'sm'} c="dimmed" data-testid="live-groups-rank-apart">
            {t('results.groupsRankApart')}
          </Text>
        );
        return (
          <Stack key={stage} gap="xs">
            <Title order={3} size={large ? 32 : 'h4'}>
              {t(`results.stage.${stage}`)}
              {leadStyle ? ` · ${t(`leadStyle.${leadStyle}`)}` : ''}
            </Title>
            {/* On a phone under the stage's results, so it does not push the first ones off the first screen. */}
            {rankedInGroups && !folded && groupsLine}
            {!finished && bracket}
            {sections.map((section) => (
              <Stack key={section.ranking ?? 'all'} gap={4}>
                {section.ranking !== null && (
                  <Text fw={700} size={large ? 'xl' : 'md'}>
                    {t(section.ranking === 'F' ? 'raceGender.WOMEN' : 'raceGender.MEN')}
                  </Text>
                )}
                <ResultsTable rows={section.rows} columns={columns} podium={stage === podiumStage} byCategory={categoryId !== null} large={large} />
              </Stack>
            ))}
            {rankedInGroups && folded && groupsLine}
            {finished && bracket}
          </Stack>
        );
      })}
    </Stack>
  );
}
