import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useParams, useSearchParams } from 'react-router';
import { OrganizationLogos } from '../../../components/ui/organization-logos';
import { PaperOrientationSwitch, PrintPageSetup, paperOrientation, usePrintedAtText } from '../../../components/ui/print/print-page-setup';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { parseIdParam } from '../../../lib/race-info';
import { eventQuery } from '../api/event';
import { raceQuery } from '../api/race';
import { stageStartingListQuery, startingListQuery, type LaterStage } from '../api/starting-list';
import { LoadError } from '../components/load-error';
import { StageStartingListTables, StartingListTables } from '../components/starting-list-tables';
import '../components/starting-list-print.css';

/** The starting list for print: one page per group, each with event, race, group, date and the organiser's logo. */
export function StartingListPrintPage() {
  const { t, i18n } = useTranslation();
  const raceId = parseIdParam(useParams().raceId) ?? 0;
  const race = useQuery(raceQuery(raceId));
  const event = useQuery({ ...eventQuery(race.data?.eventId ?? 0), enabled: race.data !== undefined });
  const [params, setParams] = useSearchParams();
  const categoryId = parseIdParam(params.get('category') ?? undefined);
  const paper = paperOrientation(params.get('paper'));
  const printedAt = usePrintedAtText();
  // `?stage=SEMIFINAL|FINAL`: that stage's starting order (from its rounds) instead of the qualification groups.
  const stageParam = params.get('stage');
  const stage: LaterStage | null = stageParam === 'SEMIFINAL' || stageParam === 'FINAL' ? stageParam : null;
  const groupsList = useQuery({ ...startingListQuery(raceId, categoryId), enabled: stage === null });
  const stageList = useQuery({ ...stageStartingListQuery(raceId, stage ?? 'FINAL', categoryId), enabled: stage !== null });
  const list = stage === null ? groupsList : stageList;

  const failed = race.error ?? list.error;
  if (failed) return <LoadError error={failed} onRetry={() => void Promise.all([race.refetch(), list.refetch()])} />;
  if (!race.data || !list.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  const leadStyle = list.data.leadStyle;
  const styleText = leadStyle
    ? stage === null
      ? t('startingList.style', { style: t(`leadStyle.${leadStyle}`) })
      : t('startingList.stageStyle', { stage: t(`results.stage.${stage}`), style: t(`leadStyle.${leadStyle}`) })
    : null;
  const eventName = event.data ? event.data.displayName || event.data.name : '';
  const organization = event.data?.organization;
  const date = formatDate(race.data.startingDate, currentLanguage(i18n));
  const category = race.data.ageCategories.find((candidate) => candidate.id === categoryId)?.name;

  const header = (title: string) => (
    <Group className="starting-list-print-header" justify="space-between" align="center" mb="sm" wrap="nowrap">
      <div>
        <Text fw={700}>{eventName}</Text>
        <Text>
          {race.data.name} · {title}
          {category ? ` · ${category}` : ''} · {date}
          {styleText ? ` · ${styleText}` : ''}
        </Text>
        <Text size="sm">{printedAt}</Text>
      </div>
      <OrganizationLogos logo={organization?.logo} secondaryLogo={organization?.secondaryLogo} name={organization?.name ?? ''} />
    </Group>
  );

  return (
    <Stack gap="md" data-starting-list-print data-print-page>
      <PrintPageSetup orientation={paper} title={[eventName, t('startingList.title', { race: race.data.name }), stage && t(`results.stage.${stage}`), category, date].filter(Boolean).join(' · ')} />
      <Group justify="space-between" data-print-hide wrap="wrap">
        <div>
          <Text c="dimmed" size="sm">
            {eventName}
          </Text>
          <Title order={1}>{t('startingList.title', { race: race.data.name })}</Title>
          {stage && <Text fw={600}>{t(`results.stage.${stage}`)}</Text>}
          <Text size="sm">{date}</Text>
        </div>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('startingList.printNow')}
        </Button>
      </Group>
      <Paper withBorder p="sm" data-print-hide>
        <PaperOrientationSwitch
          orientation={paper}
          onChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'landscape') next.set('paper', value);
                else next.delete('paper');
                return next;
              },
              { replace: true },
            )
          }
        />
      </Paper>
      {stageList.data && stage !== null ? (
        <StageStartingListTables list={stageList.data} headerFor={header} headingOrder={2} />
      ) : (
        groupsList.data && <StartingListTables list={groupsList.data} headerFor={header} headingOrder={2} />
      )}
    </Stack>
  );
}
