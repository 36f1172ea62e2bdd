import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { QUALIFICATION_GROUP_STATES, raceTransition, type QualificationGroupState, type RaceAction } from '@climbing/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { changeGroupState, changeRaceState, type QualificationGroup, type Race } from '../api/race';
import { raceStateColor } from '../model/race-state-view';

/** Actions that start or end climbing ask first: they cannot be undone lightly. */
const CONFIRMED: readonly RaceAction[] = ['START_RACE', 'START_SEMIFINAL', 'START_FINAL', 'END_RACE', 'CLOSE_STAGE'];

/** The race state and one button per action the state machine allows now (`allowedActions`). */
export function RaceStateButtons({ race }: { race: Race }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [asking, setAsking] = useState<RaceAction | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (action: RaceAction) => {
    setAsking(null);
    setBusy(true);
    try {
      const updated = await changeRaceState(race.id, raceTransition(race.state, action, race.raceFormat));
      queryClient.setQueryData(['races', race.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
      notify({ type: 'success', message: t('rounds.raceStateChanged') });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" aria-label={t('race.stateActions')} role="group">
      <Badge size="lg" color={raceStateColor(race.state)}>
        {t(`live.raceState.${race.state}`)}
      </Badge>
      {race.allowedActions.map((action) => (
        <Button key={action} size="xs" variant={action === 'HIDE' || action.startsWith('REOPEN') ? 'default' : 'filled'} loading={busy} onClick={() => (CONFIRMED.includes(action) ? setAsking(action) : void apply(action))}>
          {t(`race.action.${action}`)}
        </Button>
      ))}
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={t('rounds.confirmTitle')}>
        <Stack>
          <Text>{asking && t('rounds.confirmRaceState', { action: t(`race.action.${asking}`) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => asking && void apply(asking)}>{asking && t(`race.action.${asking}`)}</Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

const groupActionLabel = (from: QualificationGroupState, to: QualificationGroupState): string =>
  QUALIFICATION_GROUP_STATES.indexOf(to) < QUALIFICATION_GROUP_STATES.indexOf(from) ? `race.groupAction.REOPEN_${to}` : `race.groupAction.${to}`;

/** Group states: one row per group with its state and the allowed steps (PUT /api/qualification-group/{id}/state). */
export function GroupStateButtons({ race }: { race: Race }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const change = async (group: QualificationGroup, state: QualificationGroupState) => {
    try {
      queryClient.setQueryData(['races', race.id], await changeGroupState(group.id, state));
      void queryClient.invalidateQueries({ queryKey: ['races', race.id] });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack gap="xs">
      {race.qualificationGroups.map((group) => (
        <Group key={group.id} gap="xs" wrap="wrap">
          <Text fw={600} w={90}>
            {t('startingList.group', { name: group.name })}
          </Text>
          <Badge variant="light">{t(`race.groupState.${group.state}`)}</Badge>
          <Text size="sm" c="dimmed">
            {t('race.racers', { count: group.racersCount })}
          </Text>
          {group.allowedStates.map((state) => (
            <Button key={state} size="compact-sm" variant="light" onClick={() => void change(group, state)}>
              {t(groupActionLabel(group.state, state))}
            </Button>
          ))}
        </Group>
      ))}
    </Stack>
  );
}
