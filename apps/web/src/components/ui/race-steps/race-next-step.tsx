import { Badge, Box, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import type { RaceFormat, RaceState } from '@climbing/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotifyError } from '../toast/use-notify-error';
import { useToast } from '../toast/toast-context';
import { nextRaceStep, otherRaceSteps, raceNowKey, type RaceStep } from './race-steps';

interface RaceNextStepProps {
  state: RaceState;
  format: RaceFormat;
  /** Sends the target state (PUT /api/race/{id}/state) and refreshes what the page shows. */
  change: (target: RaceState) => Promise<void>;
  stateColor?: string;
}

/**
 * Race management with one obvious button (issue 10, item 7): where the race is, the one next step
 * in words with the sentence of what it does, and the less common steps in a "More actions" menu.
 * Steps that close a stage or go back ask first.
 */
export function RaceNextStep({ state, format, change, stateColor }: RaceNextStepProps) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [asking, setAsking] = useState<RaceStep | null>(null);
  const [busy, setBusy] = useState(false);
  const next = nextRaceStep(state, format);
  const others = otherRaceSteps(state, format);

  const apply = async (step: RaceStep) => {
    setBusy(true);
    try {
      await change(step.target);
      notify({ type: 'success', message: t('raceSteps.done', { step: t(step.label) }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const press = (step: RaceStep) => (step.confirm ? setAsking(step) : void apply(step));

  return (
    <Box data-testid="race-next-step" role="group" aria-label={t('raceSteps.groupLabel')}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('raceSteps.raceIs')}</Text>
          <Badge size="lg" variant="light" color={stateColor} data-testid="race-state">
            {t(`live.raceState.${state}`, { defaultValue: state })}
          </Badge>
        </Group>
        <Text size="sm">{t(raceNowKey(state))}</Text>
        {next ? (
          <Stack gap={4} align="flex-start">
            <Button size="md" onClick={() => press(next)} loading={busy} data-testid="race-next-step-button">
              {t(next.label)}
            </Button>
            <Text size="sm" c="dimmed">
              {t(next.does)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" fw={600}>
            {t('raceSteps.finished')}
          </Text>
        )}
        {others.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} aria-hidden />} disabled={busy} w="fit-content">
                {t('raceSteps.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('raceSteps.moreHint')}</Menu.Label>
              {others.map((step) => (
                <Menu.Item key={step.action} color={step.destructive ? 'red' : undefined} onClick={() => press(step)}>
                  {t(step.label)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Stack>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={asking && t('raceSteps.confirmTitle', { step: t(asking.label) })}>
        {asking && (
          <Stack>
            <Text>{t(asking.does)}</Text>
            <Text>{t('raceSteps.confirmQuestion')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('common.cancel')}
              </Button>
              <Button color={asking.destructive ? 'red' : undefined} loading={busy} onClick={() => void apply(asking)}>
                {t(asking.label)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
}
