import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { STARTING_NUMBER_ORDERS, isStageClosed, raceStageOf, stagesOf, type RaceState, type StartingNumberOrder } from '@climbing/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { downloadFile } from '../../../lib/download-file';
import type { Race } from '../api/race';
import { regenerateStartingList, stageStartingListQuery, startingListQuery, type LaterStage } from '../api/starting-list';
import { CategoryFilter } from './category-filter';
import { StageStartingListTables, StartingListTables } from './starting-list-tables';
import { SegmentedRadios } from '../../../components/ui/segmented-radios/segmented-radios';

/** Race states after the qualification: its starting list is no longer the one climbed. */
const LATER_STAGES: ReadonlySet<RaceState> = new Set(['SEMIFINALS', 'SEMIFINALS_ONGOING', 'FINALS', 'FINALS_ONGOING', 'FINISHED']);
/**
 * The later stages of the race whose starting order exists by now: the one the race is in and
 * those it has closed. A speed final is a bracket (its own page and print), not a starting order.
 */
export const laterStagesWithOrder = (race: Pick<Race, 'raceFormat' | 'state' | 'discipline'>): LaterStage[] =>
  stagesOf(race.raceFormat).filter(
    (stage): stage is LaterStage =>
      stage !== 'QUALIFICATION' && !(race.discipline === 'SPEED' && stage === 'FINAL') && (raceStageOf(race.state) === stage || isStageClosed(race.state, stage)),
  );

/** The starting list shown first: the later stage the race is in when it has its order, else the qualification's. */
export const openingStartingListStage = (race: Pick<Race, 'raceFormat' | 'state' | 'discipline'>): 'QUALIFICATION' | LaterStage =>
  laterStagesWithOrder(race).find((stage) => stage === raceStageOf(race.state)) ?? 'QUALIFICATION';

/** Race management: the starting list, generating it again, print view and CSV. */
export function StartingListPanel({ race }: { race: Race }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [categoryFilter, setCategoryFilter] = useState<string | null>(null);
  const list = useQuery(startingListQuery(race.id, categoryFilter === null ? null : Number(categoryFilter)));
  const categoryQuery = categoryFilter === null ? '' : `?ageCategoryId=${categoryFilter}`;
  const [order, setOrder] = useState<StartingNumberOrder>(race.startingNumberOrder);
  const [busy, setBusy] = useState(false);
  const laterStages = laterStagesWithOrder(race);
  // Until the organiser picks one: the stage the race is in (during the semifinal, its order, not the qualification's).
  const [chosenStage, setStage] = useState<'QUALIFICATION' | LaterStage | null>(null);
  const wanted = chosenStage ?? openingStartingListStage(race);
  const stage = wanted === 'QUALIFICATION' || laterStages.includes(wanted) ? wanted : 'QUALIFICATION';
  const stageList = useQuery({ ...stageStartingListQuery(race.id, stage === 'QUALIFICATION' ? 'FINAL' : stage, categoryFilter === null ? null : Number(categoryFilter)), enabled: stage !== 'QUALIFICATION' });
  const printParams = new URLSearchParams([...(stage === 'QUALIFICATION' ? [] : [['stage', stage]]), ...(categoryFilter === null ? [] : [['category', categoryFilter]])]).toString();

  const regenerate = async () => {
    setBusy(true);
    try {
      await regenerateStartingList(race.id, order);
      void queryClient.invalidateQueries({ queryKey: ['races', race.id, 'starting-list'] });
      void queryClient.invalidateQueries({ queryKey: ['races', race.id] });
      notify({ type: 'success', message: t('startingList.generated') });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const stageChoice = laterStages.length > 0 && (
    <SegmentedRadios
      label={t('startingList.stage')}
      value={stage}
      onChange={setStage}
      options={(['QUALIFICATION', ...laterStages] as const).map((value) => ({ value, label: t(`results.stage.${value}`) }))}
    />
  );
  const printButton = (
    <Button component={Link} to={`/races/${race.id}/starting-list${printParams ? `?${printParams}` : ''}`} variant="light">
      {t('startingList.print')}
    </Button>
  );
  const categories = race.ageCategories.length > 0 && <CategoryFilter categories={race.ageCategories} value={categoryFilter} onChange={setCategoryFilter} />;

  if (stage !== 'QUALIFICATION') {
    return (
      <Stack gap="md">
        {stageChoice}
        <Text size="sm" c="dimmed" data-testid="stage-starting-list-intro">
          {t('startingList.stageIntro')}
        </Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          {categories}
          {printButton}
        </Group>
        {stageList.data && <StageStartingListTables list={stageList.data} headingOrder={2} />}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {stageChoice}
      {/* The hint says what the list below holds: everyone before check-in, the checked-in first after. */}
      <Text size="sm" c="dimmed" data-testid="starting-list-intro">
        {t(list.data?.checkInStarted ? 'startingList.intro' : 'startingList.introBeforeCheckIn')}
      </Text>
      {/* The list is the qualification's; once the race is past it, the later stages' orders are a choice above. */}
      {LATER_STAGES.has(race.state) && (
        <Text size="sm" data-testid="starting-list-later-stages">
          {t('startingList.laterStages')}{' '}
          <Anchor component={Link} to={`/admin/races/${race.id}/rounds`}>
            {t('startingList.roundsLink')}
          </Anchor>
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t('raceSettings.startingNumberOrder')}
          allowDeselect={false}
          data={STARTING_NUMBER_ORDERS.map((value) => ({ value, label: t(`startingNumberOrder.${value}`) }))}
          value={order}
          onChange={(value) => value && setOrder(value as StartingNumberOrder)}
          w={220}
        />
        <Button onClick={() => void regenerate()} loading={busy}>
          {t('startingList.generate')}
        </Button>
        {categories}
        {printButton}
        <Button
          variant="light"
          onClick={() => void downloadFile(`/api/race/${race.id}/starting-list/csv${categoryQuery}`, `starting-list-${race.id}.csv`, i18n.language).catch(notifyError)}
        >
          {t('startingList.exportCsv')}
        </Button>
      </Group>
      {/* Under the race page's h1 and its tabs: the groups are h2. */}
      {list.data && <StartingListTables list={list.data} headingOrder={2} />}
    </Stack>
  );
}
