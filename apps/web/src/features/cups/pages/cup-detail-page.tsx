import { Anchor, Badge, Button, EmptyState, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter, IconTrophyOff } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { PaperOrientationSwitch, PrintPageSetup, paperOrientation, usePrintedAtText } from '../../../components/ui/print/print-page-setup';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { cupQuery, cupRankingQuery, type Cup } from '../api/cup';
import { CupRankingTable } from '../components/cup-ranking-table';
import { cupRankingCsv } from '../model/cup-csv';
import { csvFileName } from '../../results/model/csv';
import { downloadText } from '../../../lib/download-text';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';

const STATE_COLORS = { INACTIVE: 'gray', ACTIVE: 'green', FINISHED: 'blue' } as const;

/** Public cup page: the cup, its categories and the ranking of each (computed by the server on every load). */
export function CupDetailPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const cupId = Number(useParams().cupId);
  const cup = useQuery(cupQuery(cupId));
  const [params, setParams] = useSearchParams();
  const paper = paperOrientation(params.get('paper'));
  // `print=all`: the paper holds every category, each on its own pages, instead of the chosen tab.
  const printAll = params.get('print') === 'all';
  const [printRequested, setPrintRequested] = useState(0);
  const printedAt = usePrintedAtText();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [exporting, setExporting] = useState(false);

  if (cup.isPending) return <Loader role="progressbar" aria-label={t('app.loading')} mx="auto" />;
  if (cup.isError) return <EmptyState role="alert" icon={<IconTrophyOff aria-hidden />} title={t('cups.notFound')} />;
  const data = cup.data;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const setPaper = (value: 'portrait' | 'landscape') => setParam('paper', value === 'landscape' ? value : null);
  const printCategory = () => {
    setParam('print', null);
    // The chosen tab is on paper once the address no longer asks for every category.
    setTimeout(() => window.print(), 0);
  };
  /** Every category's ranking in one file, each under its name: what a federation keeps at the season's end. */
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rankings = await Promise.all(data.categories.map((category) => queryClient.fetchQuery(cupRankingQuery(data.id, category.id))));
      const csv = cupRankingCsv(
        data.categories.map((category, index) => ({
          name: category.name,
          races: category.races.map((race) => ({ raceId: race.raceId, raceName: race.raceName, eventName: race.eventDisplayName || race.eventName, startingDate: race.startingDate })),
          rows: rankings[index] ?? [],
        })),
        t,
        language,
      );
      downloadText(csvFileName(`${data.displayName || data.name} ${t('cups.ranking')}`), csv);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };
  const printEveryCategory = () => {
    setParam('print', 'all');
    // Printed once every category's ranking has loaded (AllCategoriesOnPaper).
    setPrintRequested((count) => count + 1);
  };

  return (
    <Stack gap="md" data-print-page>
      <PrintPageSetup orientation={paper} title={[data.displayName || data.name, t('cups.ranking')].join(' · ')} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{data.displayName || data.name}</Title>
          <Group gap="xs" c="dimmed">
            <Text size="sm">{t('cups.dateRange', { start: formatDate(data.startDate, language), end: formatDate(data.endDate, language) })}</Text>
            <Text size="sm">{data.organizationName}</Text>
            <Badge color={STATE_COLORS[data.state]} variant="light">
              {t(`cups.state.${data.state}`)}
            </Badge>
            {!data.isPublic && <Badge variant="outline">{t('cups.internal')}</Badge>}
          </Group>
          <Text size="sm" data-print-only>
            {printedAt}
          </Text>
          <Text size="sm">
            {data.disciplines.map((discipline) => t(`discipline.${discipline}`)).join(', ')}
            {' · '}
            {data.maxCountedResults === null ? t('cups.allResultsCount') : t('cups.bestResultsCount', { count: data.maxCountedResults })}
          </Text>
        </Stack>
        <Group gap="xs" data-print-hide>
          <Button leftSection={<IconPrinter size={18} aria-hidden />} variant="light" onClick={printCategory}>
            {t('cups.print')}
          </Button>
          {data.categories.length > 1 && (
            <Button leftSection={<IconPrinter size={18} aria-hidden />} variant="light" onClick={printEveryCategory}>
              {t('cups.printAll')}
            </Button>
          )}
          {data.categories.length > 0 && (
            <Button leftSection={<IconFileSpreadsheet size={18} aria-hidden />} variant="light" loading={exporting} onClick={() => void exportCsv()}>
              {t('cups.exportCsv')}
            </Button>
          )}
          {data.canManage && (
            <Button component={Link} to={`/admin/cups/${data.id}`} variant="light">
              {t('cups.settings')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="sm" data-print-hide>
        <PaperOrientationSwitch orientation={paper} onChange={setPaper} />
      </Paper>
      {data.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>}
      <div data-print-hide={printAll || undefined}>
        <CupCategories cup={data} />
      </div>
      {printAll && <AllCategoriesOnPaper cup={data} printRequested={printRequested} />}
    </Stack>
  );
}

/**
 * Every category's ranking on paper only, each named by its table's heading row and starting on a
 * new page: a federation prints the whole cup at the season's end. A print asked for by the button
 * waits until every ranking has loaded.
 */
function AllCategoriesOnPaper({ cup, printRequested }: { cup: Cup; printRequested: number }) {
  const rankings = useQueries({ queries: cup.categories.map((category) => cupRankingQuery(cup.id, category.id)) });
  const loaded = rankings.every((ranking) => !ranking.isPending);
  const printed = useRef(0);
  useEffect(() => {
    if (!loaded || printRequested === printed.current) return;
    printed.current = printRequested;
    window.print();
  }, [loaded, printRequested]);
  return (
    <div data-print-only data-testid="cup-print-all">
      {cup.categories.map((category, index) => (
        <div key={category.id} style={index === 0 ? undefined : { breakBefore: 'page' }}>
          <CategoryRanking cupId={cup.id} category={category} />
        </div>
      ))}
    </div>
  );
}

function CupCategories({ cup }: { cup: Cup }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(cup.categories[0] ? String(cup.categories[0].id) : null);
  if (cup.categories.length === 0) return <Text c="dimmed">{t('cups.noCategories')}</Text>;
  return (
    <Tabs value={selected} onChange={setSelected}>
      <Tabs.List aria-label={t('cups.categories')} data-print-hide>
        {cup.categories.map((category) => (
          <Tabs.Tab key={category.id} value={String(category.id)}>
            {category.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {cup.categories.map((category) => (
        <Tabs.Panel key={category.id} value={String(category.id)} pt="md">
          {selected === String(category.id) && <CategoryRanking cupId={cup.id} category={category} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function CategoryRanking({ cupId, category }: { cupId: number; category: Cup['categories'][number] }) {
  const { t } = useTranslation();
  const ranking = useQuery(cupRankingQuery(cupId, category.id));
  const provisional = ranking.isSuccess && ranking.data.some((row) => row.provisional);
  const shown = ranking.isSuccess && ranking.data.length > 0;
  return (
    <Stack gap="sm">
      {/* On paper the table's first heading row names the category (repeated on every page); without a table, this heading. */}
      {!shown && (
        <Title order={2} size="h3" data-print-only>
          {category.name}
        </Title>
      )}
      {category.races.length === 0 ? (
        <Text c="dimmed">{t('cups.noRaces')}</Text>
      ) : (
        <Group gap="xs" data-print-hide>
          <Text size="sm" fw={500}>
            {t('cups.races')}:
          </Text>
          {category.races.map((race) => (
            <Anchor key={race.id} component={Link} to={`/races/${race.raceId}/results`} size="sm">
              {race.eventDisplayName || race.eventName} – {race.raceName}
            </Anchor>
          ))}
        </Group>
      )}
      {ranking.isPending && <Loader role="progressbar" aria-label={t('app.loading')} size="sm" />}
      {ranking.isError && (
        <Text role="alert" c="red">
          {t('cups.rankingFailed')}
        </Text>
      )}
      {ranking.isSuccess && ranking.data.length === 0 && <Text c="dimmed">{t('cups.noRanking')}</Text>}
      {provisional && (
        <Text size="sm" c="dimmed" data-testid="provisional-note" data-print-hide>
          {t('cups.provisionalNote')}
        </Text>
      )}
      {ranking.isSuccess && shown && (
        <CupRankingTable
          rows={ranking.data}
          printHeading={provisional ? { title: category.name, note: t('cups.provisionalNote') } : { title: category.name }}
          races={category.races.map((race) => ({ raceId: race.raceId, raceName: race.raceName, eventName: race.eventDisplayName || race.eventName, startingDate: race.startingDate, isPublic: race.isPublic }))}
        />
      )}
    </Stack>
  );
}
