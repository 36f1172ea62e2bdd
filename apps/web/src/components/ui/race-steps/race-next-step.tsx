import { Alert, Badge, Box, Button, Group, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import type { RaceFormat, RaceState } from '@climbing/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { currentLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/translate-error';
import { useNotifyError } from '../toast/use-notify-error';
import { useToast } from '../toast/toast-context';
import { asksFirst, nextRaceStep, otherRaceSteps, raceNowKey, type RaceStep } from './race-steps';
import { raceStepPreviewQuery } from './race-step-preview';
import { RaceStepPreviewView } from './race-step-preview-view';
import classes from './race-step-preview.module.css';

interface RaceNextStepProps {
  raceId: number;
  state: RaceState;
  format: RaceFormat;
  /** Sends the target state (PUT /api/race/{id}/state) and refreshes what the page shows. */
  change: (target: RaceState) => Promise<void>;
  stateColor?: string;
}

/** The confirmation of a step: what it does, and for a previewed step what the server says it will do now. */
function StepConfirmation({ raceId, step, busy, onCancel, onConfirm }: { raceId: number; step: RaceStep; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t, i18n } = useTranslation();
  // Read again while the dialog is open: a judge's device that sends its entries drops off the list.
  const preview = useQuery({ ...raceStepPreviewQuery(raceId, step.target), enabled: step.preview });
  const waiting = step.preview && preview.isPending;
  // The server refuses the step now (a step back once a later stage has started): it says why, and
  // the dialog only closes. A preview that could not be read (network, server) does not stop it.
  const refused = step.preview && !preview.data && preview.error instanceof ApiError && preview.error.status === 409;
  return (
    <Stack>
      <Text>{t(step.does)}</Text>
      {step.preview && preview.isPending && (
        <Group gap="xs" data-testid="race-step-preview-loading">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('raceSteps.preview.loading')}</Text>
        </Group>
      )}
      {refused && (
        <Alert color="red" title={t('raceSteps.preview.refused')} data-testid="race-step-preview-refused">
          <Text size="sm">{translateError(preview.error, currentLanguage(i18n), t)}</Text>
        </Alert>
      )}
      {step.preview && preview.isError && !preview.data && !refused && (
        <Alert color="orange" title={t('raceSteps.preview.failed')} data-testid="race-step-preview-failed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateError(preview.error, currentLanguage(i18n), t)}</Text>
            <Button size="xs" variant="light" onClick={() => void preview.refetch()}>
              {t('errors.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {preview.data && <RaceStepPreviewView preview={preview.data} />}
      {refused ? (
        <Group justify="flex-end" className={classes.footer}>
          <Button variant="default" onClick={onCancel}>
            {t('raceSteps.preview.close')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm" className={step.preview ? classes.footer : undefined}>
          <Text>{t('raceSteps.confirmQuestion')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button color={step.destructive ? 'red' : undefined} loading={busy} disabled={waiting} onClick={onConfirm}>
              {t(step.label)}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Race management with one obvious button (issue 10, item 7): where the race is, the one next step
 * in words with the sentence of what it does, and the less common steps in a "More actions" menu.
 * Steps that close a stage or go back ask first; a step that closes a stage or starts the
 * qualification reads its preview first (GET /api/race/{id}/state-preview) and the confirmation
 * says what it will do now: unfinished rounds, judges' devices with unsent entries, who advances,
 * who is not checked in, or that a step back is refused now. Starting the qualification asks only
 * when someone would not climb.
 */
export function RaceNextStep({ raceId, state, format, change, stateColor }: RaceNextStepProps) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<RaceStep | null>(null);
  const [busy, setBusy] = useState(false);
  // The confirmation fills the screen of a phone: the list of who advances needs the room.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
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
      queryClient.removeQueries({ queryKey: ['race-step-preview', raceId] });
    }
  };
  const press = async (step: RaceStep) => {
    // A step asked anyway opens its confirmation at once; the preview loads inside it.
    if (!step.preview || step.confirm) return step.confirm ? setAsking(step) : apply(step);
    setBusy(true);
    let outcome;
    try {
      const preview = await queryClient.fetchQuery(raceStepPreviewQuery(raceId, step.target));
      outcome = { failed: false, notCheckedIn: preview.checkIn?.notCheckedIn.length ?? 0 };
    } catch {
      outcome = { failed: true, notCheckedIn: 0 };
    }
    setBusy(false);
    if (asksFirst(step, outcome)) setAsking(step);
    else await apply(step);
  };

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
            <Button size="md" onClick={() => void press(next)} loading={busy} data-testid="race-next-step-button">
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
                <Menu.Item key={step.action} color={step.destructive ? 'red' : undefined} onClick={() => void press(step)}>
                  {t(step.label)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking && t('raceSteps.confirmTitle', { step: t(asking.label) })}
        size={asking?.preview ? 'lg' : 'md'}
        fullScreen={phone && asking?.preview === true}
      >
        {asking && <StepConfirmation raceId={raceId} step={asking} busy={busy} onCancel={() => setAsking(null)} onConfirm={() => void apply(asking)} />}
      </Modal>
    </Box>
  );
}
