import { raceStageOf, stagesOf } from '@climbing/domain';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useSpeedBracket } from '../../results/api/speed-bracket';
import { finishOnQualification, type Race } from '../api/race';

/** The speed race runs the stage before its final: the moment to know which brackets the final will have. */
const beforeFinal = (race: Race): boolean => {
  if (race.discipline !== 'SPEED' || !race.state.endsWith('_ONGOING')) return false;
  const stages = stagesOf(race.raceFormat);
  const index = stages.indexOf('FINAL');
  return index > 0 && raceStageOf(race.state) === stages[index - 1];
};

/**
 * Speed races before their final: the bracket each ranking (sex) gets from the racers with a valid
 * time and the "racers in the final" setting. When no ranking can have one, the one clear way on:
 * finish the race on its qualification ranking (POST /api/race/{id}/finish-on-qualification).
 */
export function SpeedFinalPlan({ race }: { race: Race }) {
  const { t } = useTranslation();
  const active = beforeFinal(race);
  const bracket = useSpeedBracket(race.id, active);
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const planned = bracket.data?.planned ?? [];
  if (!active || planned.length === 0) return null;
  const none = planned.every((plan) => plan.size === 0);

  const finish = async () => {
    setAsking(false);
    setBusy(true);
    try {
      queryClient.setQueryData(['races', race.id], await finishOnQualification(race.id));
      void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
      void queryClient.invalidateQueries({ queryKey: ['speed-bracket', race.id] });
      notify({ type: 'success', message: t('speedPlan.finished') });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert color={none ? 'yellow' : 'blue'} title={t('speedPlan.title')} data-testid="speed-final-plan">
      <Stack gap="xs">
        <List size="sm">
          {planned.map((plan) => (
            <List.Item key={plan.gender}>
              {plan.gender === 'MIXED' ? '' : `${t(`raceGender.${plan.gender}`)}: `}
              {plan.size > 0 ? t('speedPlan.bracket', { size: plan.size, count: plan.racersWithTime }) : t('speedPlan.noBracket', { count: plan.racersWithTime })}
            </List.Item>
          ))}
        </List>
        {none && (
          <>
            <Text size="sm">{t('speedPlan.tooSmall', { finalists: race.speed?.numberOfFinalRacers ?? 0 })}</Text>
            <Group>
              <Button color="yellow" loading={busy} onClick={() => setAsking(true)}>
                {t('speedPlan.finish')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('rounds.confirmTitle')}>
        <Stack>
          <Text>{t('speedPlan.confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="yellow" onClick={() => void finish()}>
              {t('speedPlan.finish')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
