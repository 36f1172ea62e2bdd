import { STAGES, type Stage } from '@climbing/domain';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { useLiveResults } from '../api/use-live-results';
import { resultColumns, type ColumnGroup } from '../model/result-columns';
import { LiveStatusBadge } from './live-status-badge';
import { ResultsTable } from './results-table';

const NORMAL_COLUMNS: readonly ColumnGroup[] = ['number', 'country', 'marks', 'totals', 'score', 'time'];
/** Big screens and projectors: what a spectator reads from afar. */
const LARGE_COLUMNS: readonly ColumnGroup[] = ['marks', 'score', 'time'];

interface LiveRaceBoardProps {
  raceId: number;
  /** The stages to show; empty = every stage of the race. */
  stages: readonly Stage[];
  large: boolean;
  hidden?: boolean;
}

/** One race on the live page: its stages newest first, each replaced whenever the server pushes. */
export function LiveRaceBoard({ raceId, stages, large, hidden = false }: LiveRaceBoardProps) {
  const { t, i18n } = useTranslation();
  const race = useRaceInfo(raceId);
  const live = useLiveResults(raceId, stages);
  const visible = useMemo(() => new Set(large ? LARGE_COLUMNS : NORMAL_COLUMNS), [large]);
  const shown = [...STAGES].reverse().filter((stage) => live.rowsByStage[stage] !== undefined && (stages.length === 0 || stages.includes(stage)));
  // A stage with nobody in it yet (the final before the qualification ends) is left out.
  const withRows = shown.filter((stage) => (live.rowsByStage[stage]?.length ?? 0) > 0);
  // The podium belongs to the race's last stage; without the race format, to the latest stage climbed.
  const podiumStage = race.data?.raceFormat ? raceStages(race.data).at(-1) : withRows[0];

  return (
    <Stack gap="md" style={hidden ? { display: 'none' } : undefined} data-testid={`live-race-${raceId}`} aria-hidden={hidden || undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} size={large ? 40 : 'h3'}>
          {race.isPending ? t('app.loading') : raceTitle(race.data, raceId)}
        </Title>
        <LiveStatusBadge status={live.status} />
      </Group>
      {live.status !== 'connecting' && withRows.length === 0 && <Text c="dimmed">{t('live.noResults')}</Text>}
      {withRows.map((stage) => {
        const rows = live.rowsByStage[stage] ?? [];
        return (
          <Stack key={stage} gap="xs">
            <Title order={3} size={large ? 32 : 'h4'}>
              {t(`results.stage.${stage}`)}
            </Title>
            <ResultsTable
              rows={rows.map((row) => ({ key: String(row.id), row }))}
              columns={resultColumns(rows, visible, t, i18n.language)}
              podium={stage === podiumStage}
              large={large}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
