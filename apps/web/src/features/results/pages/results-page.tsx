import type { Stage } from '@climbing/domain';
import { Alert, Button, Chip, Group, Loader, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { parseIdParam, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { resultsQueryOptions, type ResultRow } from '../api/results';
import { useSpeedBracket } from '../api/speed-bracket';
import { ResultsTable } from '../components/results-table';
import { SpeedBracketView } from '../components/speed-bracket-view';
import { buildCsv, csvFileName } from '../model/csv';
import { overallRanking } from '../model/overall-ranking';
import { COLUMN_GROUPS, resultColumns, type ColumnGroup } from '../model/result-columns';
import '../components/results-print.css';

const OVERALL = 'OVERALL';
const DEFAULT_COLUMNS: readonly ColumnGroup[] = ['number', 'club', 'country', 'marks', 'totals', 'score', 'time', 'tieBreak'];

const download = (fileName: string, content: string) => {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** /races/:raceId/results — results per stage and overall, print options and CSV export. */
export function ResultsPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('scorecard.badRace')}</Alert>;
  return <Results raceId={raceId} />;
}

function Results({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const race = useRaceInfo(raceId);
  const stages = raceStages(race.data);
  const results = useQueries({ queries: stages.map((stage) => resultsQueryOptions(raceId, stage)) });
  const tabs = stages.length > 1 ? [...stages, OVERALL] : [...stages];
  const tab = tabs.includes(params.get('stage') ?? '') ? (params.get('stage') as string) : (tabs[0] as string);
  const group = params.get('group');
  const speedFinal = race.data?.discipline === 'SPEED' && tab === 'FINAL';
  const bracket = useSpeedBracket(raceId, speedFinal);
  const columnsParam = params.get('columns');
  const visible = useMemo(
    () => new Set<ColumnGroup>(columnsParam === null ? DEFAULT_COLUMNS : (columnsParam.split(',').filter((value) => (COLUMN_GROUPS as readonly string[]).includes(value)) as ColumnGroup[])),
    [columnsParam],
  );

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

  const rowsByStage = useMemo(() => {
    const map: Partial<Record<Stage, ResultRow[]>> = {};
    stages.forEach((stage, index) => {
      const data = results[index]?.data;
      if (data) map[stage] = data;
    });
    return map;
  }, [stages, results]);

  const pending = results.some((query) => query.isPending);
  const failed = results.find((query) => query.isError);
  // The podium belongs to the race's last stage; without the race format, to the latest stage with results.
  const lastStage = race.data?.raceFormat ? stages.at(-1) : [...stages].reverse().find((stage) => (rowsByStage[stage]?.length ?? 0) > 0);

  const shownRows = useMemo(() => {
    const inGroup = (row: ResultRow) => group === null || row.racer.qualificationGroup === group;
    if (tab === OVERALL) {
      return overallRanking(stages, rowsByStage)
        .filter(({ row }) => inGroup(row))
        .map(({ row, rank }) => ({ key: `${row.racer.id}`, row, rank }));
    }
    return (rowsByStage[tab as Stage] ?? []).filter(inGroup).map((row) => ({ key: `${row.id}`, row, rank: undefined as number | undefined }));
  }, [tab, stages, rowsByStage, group]);

  const groups = useMemo(
    () => [...new Set(Object.values(rowsByStage).flatMap((rows) => rows.map((row) => row.racer.qualificationGroup)))].filter((name): name is string => name !== null).sort(),
    [rowsByStage],
  );
  const columns = resultColumns(
    shownRows.map(({ row }) => row),
    visible,
    t,
    i18n.language,
  );
  const title = raceTitle(race.data, raceId);
  const tabLabel = (value: string) => (value === OVERALL ? t('results.overall') : t(`results.stage.${value}`));

  const exportCsv = () => {
    const body = shownRows.map(({ row, rank }) => columns.map((column) => column.cell(rank === undefined ? row : { ...row, rank })));
    download(csvFileName(`${race.data?.name ?? `race-${raceId}`} ${tabLabel(tab)}${group ? ` ${group}` : ''}`), buildCsv(columns.map((column) => column.header), body));
  };

  return (
    <Stack gap="md" data-results-print>
      <div>
        <Title order={1}>{t('results.title')}</Title>
        <Text c="dimmed" data-testid="race-title">
          {race.isPending ? t('app.loading') : title}
        </Text>
      </div>
      <div data-print-only>
        <Text fw={700}>
          {tabLabel(tab)}
          {group ? ` · ${t('scorecard.group', { name: group })}` : ''}
        </Text>
        <Text size="sm">{t('results.printedAt', { date: formatDate(new Date().toISOString().slice(0, 10), currentLanguage(i18n)) })}</Text>
      </div>

      <Tabs value={tab} onChange={(value) => value && set('stage', value)} data-print-hide>
        <Tabs.List aria-label={t('results.stages')}>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {tabLabel(value)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Paper withBorder p="sm" data-print-hide>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('results.printOptions')}
          </Text>
          <Group gap="sm" align="flex-end">
            {groups.length > 1 && (
              <Select
                label={t('results.group')}
                w={160}
                value={group ?? ''}
                onChange={(value) => set('group', value || null)}
                data={[{ value: '', label: t('results.allGroups') }, ...groups.map((name) => ({ value: name, label: t('scorecard.group', { name }) }))]}
                allowDeselect={false}
              />
            )}
            <Button leftSection={<IconPrinter size={18} aria-hidden />} variant="light" onClick={() => window.print()}>
              {t('results.print')}
            </Button>
            <Button leftSection={<IconFileSpreadsheet size={18} aria-hidden />} variant="light" onClick={exportCsv} disabled={shownRows.length === 0}>
              {t('results.exportCsv')}
            </Button>
          </Group>
          <Chip.Group multiple value={[...visible]} onChange={(values) => set('columns', values.join(','))}>
            <Group gap={6} role="group" aria-label={t('results.columns')}>
              {COLUMN_GROUPS.map((value) => (
                <Chip key={value} value={value} size="xs">
                  {t(`results.columnGroup.${value}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      </Paper>

      {pending && <Loader mx="auto" aria-label={t('app.loading')} />}
      {failed && (
        <Alert color="red" role="alert">
          {t('results.loadFailed')}
          <Button ml="sm" size="xs" variant="light" onClick={() => void failed.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      )}
      {speedFinal && bracket.data && bracket.data.matches.length > 0 && <SpeedBracketView bracket={bracket.data} />}
      {!pending && !failed && <ResultsTable rows={shownRows} columns={columns} podium={tab === OVERALL || tab === lastStage} />}

      <Group gap="md" data-print-hide>
        <Button component={Link} to={`/live/race/${raceId}`} variant="subtle" size="xs">
          {t('live.title')}
        </Button>
      </Group>
    </Stack>
  );
}
