import type { Sex, Stage } from '@climbing/domain';
import { Alert, Button, Chip, Collapse, Group, Loader, Paper, Select, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { OrganizationLogos } from '../../../components/ui/organization-logos';
import { PaperOrientationSwitch, PrintPageSetup, paperOrientation, paperParam, usePrintedAtText } from '../../../components/ui/print/print-page-setup';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { parseIdParam, raceLeadStyle, raceRanksSexesApart, raceSpeedLanes, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { raceStateOf } from '../../../lib/race-state';
import { resultsQueryOptions, type ResultRow } from '../api/results';
import { useSpeedBracket } from '../api/speed-bracket';
import { NARROW_SCREEN_QUERY, ResultsTable } from '../components/results-table';
import { RankingFilters } from '../components/ranking-filters';
import SpeedBrackets from '../components/speed-brackets';
import { buildSectionsCsv, csvFileName } from '../model/csv';
import { downloadText } from '../../../lib/download-text';
import { categoriesIn, overallRows, resultSections, stageBlocks, stageRows, type ShownRow } from '../model/ranking-sections';
import { PORTRAIT_MAX_COLUMNS, columnGroupsFor } from '../model/column-groups';
import { resultColumns, type ColumnGroup, type ResultColumn } from '../model/result-columns';
import { resultsAreProvisional } from '../model/provisional-results';
import { openingStage } from '../model/opening-stage';

const OVERALL = 'OVERALL';
const DEFAULT_COLUMNS: readonly ColumnGroup[] = ['number', 'club', 'country', 'category', 'marks', 'totals', 'score', 'time', 'tieBreak'];

/** One table on the page: a ranking (sex) and, on the overall tab, the stage its figures come from. */
interface ShownTable {
  key: string;
  ranking: Sex | null;
  /** Overall tab: the stage that placed these racers; their figures are that stage's. */
  stage: Stage | null;
  rows: ShownRow[];
  columns: ResultColumn[];
}

/** /races/:raceId/results — results per stage and overall, print options and CSV export. */
export function ResultsPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('app.badRace')}</Alert>;
  return <Results raceId={raceId} />;
}

function Results({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const race = useRaceInfo(raceId);
  const stages = raceStages(race.data);
  const results = useQueries({ queries: stages.map((stage) => resultsQueryOptions(raceId, stage)) });
  const tabs = stages.length > 1 ? [...stages, OVERALL] : [...stages];
  const group = params.get('group');
  const sexParam = params.get('sex');
  const sex: Sex | null = sexParam === 'F' || sexParam === 'M' ? sexParam : null;
  const categoryId = parseIdParam(params.get('category') ?? undefined);
  const separateSexes = raceRanksSexesApart(race.data);
  const columnsParam = params.get('columns');
  // On a phone the print and export options fold away, so the results come first.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const [optionsOpen, setOptionsOpen] = useState(false);
  const printedAt = usePrintedAtText();

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
  // Without a chosen stage: the one a spectator wants (a finished race's final, not its
  // qualification), decided once all is read, so a refresh of the results never turns the tab.
  const opening = openingStage(raceStateOf(race.data), stages, rowsByStage);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  if (openedOn === null && !race.isPending && !pending) setOpenedOn(opening ?? '');
  const wanted = params.get('stage') ?? openedOn ?? opening ?? '';
  const tab = tabs.includes(wanted) ? wanted : (tabs[0] as string);
  const speedFinal = race.data?.discipline === 'SPEED' && tab === 'FINAL';
  const bracket = useSpeedBracket(raceId, speedFinal);
  const failed = results.find((query) => query.isError);
  // The podium belongs to the race's last stage; without the race format, to the latest stage with results.
  const lastStage = race.data?.raceFormat ? stages.at(-1) : [...stages].reverse().find((stage) => (rowsByStage[stage]?.length ?? 0) > 0);

  const tabRows = useMemo(
    () => (tab === OVERALL ? overallRows(stages, rowsByStage, separateSexes) : stageRows(rowsByStage[tab as Stage])),
    [tab, stages, rowsByStage, separateSexes],
  );
  const categories = useMemo(() => {
    const fromRace = race.data?.ageCategories ?? [];
    return fromRace.length > 0 ? fromRace : categoriesIn(Object.values(rowsByStage).flat());
  }, [race.data, rowsByStage]);
  const byCategory = categoryId !== null && categories.some((category) => category.id === categoryId);
  const sections = useMemo(
    () => resultSections(tabRows, { separateSexes, sex, categoryId: byCategory ? categoryId : null, group }),
    [tabRows, separateSexes, sex, categoryId, byCategory, group],
  );

  const groups = useMemo(
    () => [...new Set(Object.values(rowsByStage).flatMap((rows) => rows.map((row) => row.racer.qualificationGroup)))].filter((name): name is string => name !== null).sort(),
    [rowsByStage],
  );
  // Several qualification groups rank apart (1, 1, 1, 4 ...): the group column explains those ranks, so it is on by default.
  const defaultColumns = groups.length > 1 ? [...DEFAULT_COLUMNS, 'group' as const] : DEFAULT_COLUMNS;
  // Only the column groups that mean something in this discipline are offered (no time in bouldering).
  const offeredColumns = columnGroupsFor(race.data?.discipline);
  const chosenColumns: readonly string[] = columnsParam === null ? defaultColumns : columnsParam.split(',');
  const visible = new Set<ColumnGroup>(offeredColumns.filter((value) => chosenColumns.includes(value)));
  const speedLanes = raceSpeedLanes(race.data);
  const columnsOf = (rows: readonly ShownRow[]) => resultColumns(rows.map(({ row }) => row), visible, t, i18n.language, { byCategory, speedLanes });
  const tables: ShownTable[] = sections
    .filter((section) => section.rows.length > 0)
    .flatMap((section): ShownTable[] =>
      tab === OVERALL
        ? stageBlocks(section.rows).map((block) => ({ key: `${section.ranking ?? 'all'}-${block.stage}`, ranking: section.ranking, stage: block.stage, rows: block.rows, columns: columnsOf(block.rows) }))
        : [{ key: section.ranking ?? 'all', ranking: section.ranking, stage: null, rows: section.rows, columns: columnsOf(section.rows) }],
    );
  // A table too wide for portrait paper turns it, unless the reader chose the paper.
  const automaticPaper = tables.some((table) => table.columns.length > PORTRAIT_MAX_COLUMNS) ? 'landscape' : 'portrait';
  const paper = paperOrientation(params.get('paper'), automaticPaper);
  const title = raceTitle(race.data, raceId);
  const tabLabel = (value: string) => (value === OVERALL ? t('results.overall') : t(`results.stage.${value}`));
  const sectionTitle = (ranking: Sex | null) => (ranking === null ? null : t(ranking === 'F' ? 'raceGender.WOMEN' : 'raceGender.MEN'));
  const categoryName = byCategory ? categories.find((category) => category.id === categoryId)?.name : undefined;
  const leadStyle = tab === OVERALL ? null : raceLeadStyle(race.data, tab as Stage);
  const filterLabel = [group ? t('scorecard.group', { name: group }) : null, sex && !separateSexes ? sectionTitle(sex) : null, categoryName ?? null].filter(Boolean).join(' · ');

  const exportCsv = () => {
    const csv = buildSectionsCsv(
      tables.map((table) => ({
        title: [sectionTitle(table.ranking), table.stage ? t(`results.stage.${table.stage}`) : null].filter(Boolean).join(' · ') || null,
        header: table.columns.map((column) => column.header),
        rows: table.rows.map(({ row }) => table.columns.map((column) => column.cell(row))),
      })),
    );
    downloadText(csvFileName(`${race.data?.name ?? `race-${raceId}`} ${tabLabel(tab)}${filterLabel ? ` ${filterLabel}` : ''}`), csv);
  };
  const shownCount = sections.reduce((sum, section) => sum + section.rows.length, 0);

  const eventName = race.data?.event ? race.data.event.displayName || race.data.event.name : '';
  const raceDate = race.data?.startingDate ? formatDate(race.data.startingDate, currentLanguage(i18n)) : '';
  // Every printed page names the event, the race, its day and what is printed (the foot of PrintPageSetup).
  const printTitle = [eventName, race.data?.name, raceDate, tabLabel(tab), filterLabel].filter(Boolean).join(' · ');
  const provisional = shownCount > 0 && resultsAreProvisional(race.data?.state, tab === OVERALL ? OVERALL : (tab as Stage));
  /** What a table is, named on paper in its own heading row (repeated on every page it runs over). */
  const printHeadingOf = (table: ShownTable) => {
    const title = [table.ranking === null ? null : `${sectionTitle(table.ranking)}${categoryName ? ` · ${categoryName}` : ''}`, table.stage ? t(`results.stage.${table.stage}`) : null].filter(Boolean).join(' · ');
    if (!title) return undefined;
    return table.stage ? { title, note: t(`results.overallBlock.${table.stage}`) } : { title };
  };

  return (
    <Stack gap="md" data-print-page>
      <PrintPageSetup orientation={paper} title={printTitle} />
      <div data-print-hide>
        <Title order={1}>{t('results.title')}</Title>
        <Text c="dimmed" data-testid="race-title">
          {race.isPending ? t('app.loading') : title}
        </Text>
      </div>
      <div data-print-only>
        <Group justify="space-between" align="center" wrap="nowrap">
          <div>
            {eventName && (
              <Text fw={700} size="lg">
                {eventName}
              </Text>
            )}
            <Text fw={700}>
              {race.data?.name ?? title} · {t('results.title')} · {tabLabel(tab)}
              {filterLabel ? ` · ${filterLabel}` : ''}
              {raceDate ? ` · ${raceDate}` : ''}
            </Text>
            {provisional && (
              <Text fw={700} data-testid="print-provisional">
                {t('results.provisional')}
              </Text>
            )}
            <Text size="sm">{printedAt}</Text>
          </div>
          <OrganizationLogos logo={race.data?.event?.organization?.logo} secondaryLogo={race.data?.event?.organization?.secondaryLogo} name={race.data?.event?.organization?.name ?? ''} />
        </Group>
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

      <RankingFilters
        mixed={race.data?.raceGender === 'MIXED'}
        sex={sex}
        onSex={(value) => set('sex', value)}
        categories={categories}
        categoryId={byCategory ? categoryId : null}
        onCategory={(value) => set('category', value === null ? null : String(value))}
      />
      {leadStyle && (
        <Text size="sm" data-testid="lead-style">
          {t('results.leadStyle', { style: t(`leadStyle.${leadStyle}`) })}
        </Text>
      )}

      <Paper withBorder p="sm" data-print-hide>
        {narrow ? (
          <UnstyledButton onClick={() => setOptionsOpen((open) => !open)} aria-expanded={optionsOpen} aria-controls="results-print-options" w="100%">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {t('results.printOptions')}
              </Text>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        ) : (
          <Text fw={600} size="sm" mb="xs">
            {t('results.printOptions')}
          </Text>
        )}
        <Collapse expanded={!narrow || optionsOpen} id="results-print-options">
        <Stack gap="xs" pt={narrow ? 'xs' : 0}>
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
            <Button leftSection={<IconFileSpreadsheet size={18} aria-hidden />} variant="light" onClick={exportCsv} disabled={shownCount === 0}>
              {t('results.exportCsv')}
            </Button>
          </Group>
          <PaperOrientationSwitch
            orientation={paper}
            chosenForWidth={automaticPaper === 'landscape' && paper === 'landscape'}
            onChange={(value) => set('paper', paperParam(value, automaticPaper))}
          />
          <Chip.Group multiple value={[...visible]} onChange={(values) => set('columns', values.join(','))}>
            <Group gap={6} role="group" aria-label={t('results.columns')}>
              {offeredColumns.map((value) => (
                <Chip key={value} value={value} size="xs">
                  {/* "Boulders", "Routes" or "Runs": the race has one discipline (a lead race offered "Boulders / routes"). */}
                  {value === 'marks' && race.data ? t(`results.columnGroup.marksOf.${race.data.discipline}`) : t(`results.columnGroup.${value}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        </Collapse>
      </Paper>

      {pending && <Loader mx="auto" role="progressbar" aria-label={t('app.loading')} />}
      {failed && (
        <Alert color="red" role="alert">
          {t('results.loadFailed')}
          <Button ml="sm" size="xs" variant="light" onClick={() => void failed.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      )}
      {speedFinal && bracket.data && <SpeedBrackets brackets={bracket.data.brackets} matches={bracket.data.matches} sex={sex} narrow={narrow} />}
      {!pending && !failed && shownCount === 0 && (
        // Nobody of a chosen category or sex (a finished race's juniors whose only racer did not come): not "no results yet".
        <Text c="dimmed" data-testid="results-empty">
          {t(tabRows.length > 0 && (byCategory || sex !== null) ? 'results.emptyFiltered' : 'results.empty')}
        </Text>
      )}
      {!pending &&
        !failed &&
        tables.map((table, index) => {
          const printHeading = printHeadingOf(table);
          // On paper the table's own heading row names it (a phone's cards have none: the heading stays).
          const headingOnPaper = printHeading === undefined || narrow;
          return (
            <Stack key={table.key} gap="xs" data-testid={table.stage ? `results-block-${table.ranking ?? 'all'}-${table.stage}` : `results-section-${table.ranking ?? 'all'}`}>
              {table.ranking !== null && tables[index - 1]?.ranking !== table.ranking && (
                <Title order={2} size="h3" data-print-hide={headingOnPaper ? undefined : true}>
                  {sectionTitle(table.ranking)}
                  {categoryName ? ` · ${categoryName}` : ''}
                </Title>
              )}
              {table.stage !== null && (
                <div data-print-hide={headingOnPaper ? undefined : true}>
                  <Title order={table.ranking === null ? 2 : 3} size="h4">
                    {t(`results.stage.${table.stage}`)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`results.overallBlock.${table.stage}`)}
                  </Text>
                </div>
              )}
              <ResultsTable rows={table.rows} columns={table.columns} podium={tab === OVERALL || tab === lastStage} byCategory={byCategory} printHeading={printHeading} />
            </Stack>
          );
        })}

      <Group gap="md" data-print-hide>
        <Button component={Link} to={`/live/race/${raceId}`} variant="subtle" size="xs">
          {t('live.title')}
        </Button>
      </Group>
    </Stack>
  );
}
