import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { currentRoundOf, saveBoulders } from '../api/save-scores';
import { racerListQueryOptions, type RacerWithRound, type Round } from '../api/racer-list';
import {
  eventForKey,
  initialScorecard,
  isEditable,
  pendingBoulders,
  scorecardReducer,
  shouldSave,
  type RoundSnapshot,
} from '../model/scorecard-reducer';
import { NoticeText } from './notice-text';
import { RoundStateBadge } from './round-state-badge';

const snapshotOf = (round: Round): RoundSnapshot => ({
  id: round.id,
  racerId: round.racerId,
  state: round.state,
  version: round.version,
  boulders: round.boulders,
});

/** Keys typed into a field belong to the field, not to the scorecard shortcuts. */
const typingInField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

interface BoulderScorecardProps {
  raceId: number;
  racer: RacerWithRound;
  round: Round;
  boulderIndex: number;
  onBoulderChange: (index: number) => void;
}

/**
 * The judge's card for one racer's round: big buttons for the chosen boulder, every change saved
 * at once with the round's version, the other boulders as a strip to switch to.
 */
export function BoulderScorecard({ raceId, racer, round, boulderIndex, onBoulderChange }: BoulderScorecardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(scorecardReducer, snapshotOf(round), initialScorecard);
  const inFlight = useRef(false);

  const storeRound = useCallback(
    (fresh: Round) =>
      queryClient.setQueryData(racerListQueryOptions(raceId, fresh.stage).queryKey, (list) =>
        list?.map((item) => (item.id === fresh.racerId ? { ...item, rounds: [fresh] } : item)),
      ),
    [queryClient, raceId],
  );

  useEffect(() => {
    if (inFlight.current || !shouldSave(state)) return;
    inFlight.current = true;
    dispatch({ type: 'SAVE_STARTED' });
    saveBoulders(racer.id, state.server.id, state.server.version, pendingBoulders(state))
      .then((saved) => {
        storeRound(saved);
        dispatch({ type: 'SAVE_SUCCEEDED', round: snapshotOf(saved) });
      })
      .catch((error: unknown) => {
        const current = error instanceof ApiError && error.code === 'VERSION_CONFLICT' ? currentRoundOf(error.details) : null;
        if (current) {
          storeRound(current);
          dispatch({ type: 'SAVE_CONFLICT', current: snapshotOf(current) });
        } else if (error instanceof ApiError && error.status === 409) dispatch({ type: 'SAVE_REFUSED', code: error.code });
        else dispatch({ type: 'SAVE_FAILED', code: error instanceof NetworkError ? 'NETWORK' : error instanceof ApiError ? error.code : 'UNEXPECTED_ERROR' });
      })
      .finally(() => {
        inFlight.current = false;
      });
  }, [state, racer.id, storeRound]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event.target)) return;
      const action = eventForKey(event.key, boulderIndex);
      if (action === null) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [boulderIndex]);

  const boulder = state.boulders[boulderIndex];
  const editable = isEditable(state);
  const unsaved = pendingBoulders(state).length > 0;
  const done = boulder?.topAttempts !== null;

  return (
    <Stack gap="sm" data-testid="boulder-scorecard">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700} size="lg" data-testid="scorecard-racer">
            {racer.racerNumber} · {racer.fullName}
          </Text>
          <Text size="sm" c="dimmed">
            {[racer.club, racer.country, racer.qualificationGroup && t('scorecard.group', { name: racer.qualificationGroup })].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <RoundStateBadge state={state.server.state} />
      </Group>

      <SimpleGrid cols={{ base: 4, xs: 6 }} spacing={6} role="group" aria-label={t('scorecard.boulders')}>
        {state.boulders.map((item, index) => {
          const selected = index === boulderIndex;
          return (
            <UnstyledButton
              key={item.boulderIndex}
              onClick={() => onBoulderChange(index)}
              aria-pressed={selected}
              aria-label={t('scorecard.boulderMarks', { number: index + 1, marks: formatBoulderMarks(item) || t('scorecard.noMarks') })}
              p={6}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: `2px solid var(--mantine-color-${selected ? 'blue-6' : 'gray-3'})`,
                textAlign: 'center',
                minHeight: 48,
              }}
            >
              <Text size="xs" c="dimmed">
                {t('scorecard.boulderShort', { number: index + 1 })}
              </Text>
              <Text size="sm" fw={600}>
                {formatBoulderMarks(item) || '–'}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>

      {boulder && (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>{t('scorecard.boulderTitle', { number: boulderIndex + 1 })}</Text>
            <Text size="xl" fw={700} data-testid="scorecard-marks">
              {formatBoulderMarks(boulder) || '–'}
            </Text>
          </Group>
          <Text role="status" aria-live="polite" data-testid="scorecard-attempt" size="lg">
            {t('scorecard.attempt', { count: boulder.currentAttempt })}
          </Text>
        </Paper>
      )}

      <SimpleGrid cols={2} spacing="sm">
        <Button
          size="xl"
          h={88}
          style={{ gridColumn: 'span 2' }}
          leftSection={<IconPlus aria-hidden />}
          disabled={!editable || done}
          onClick={() => dispatch({ type: 'MARK', boulderIndex, action: 'ATTEMPT' })}
          aria-keyshortcuts="A +"
        >
          {t('scorecard.addAttempt')}
        </Button>
        <Button
          size="xl"
          h={88}
          color="yellow"
          c="dark"
          disabled={!editable || done || boulder?.zoneAttempts !== null}
          onClick={() => dispatch({ type: 'MARK', boulderIndex, action: 'ZONE' })}
          aria-keyshortcuts="Z"
        >
          {t('scorecard.zone')}
        </Button>
        <Button
          size="xl"
          h={88}
          color="green"
          disabled={!editable || done}
          onClick={() => dispatch({ type: 'MARK', boulderIndex, action: 'TOP' })}
          aria-keyshortcuts="T /"
        >
          {t('scorecard.top')}
        </Button>
        <Button
          size="lg"
          h={64}
          variant="default"
          style={{ gridColumn: 'span 2' }}
          leftSection={<IconArrowBackUp aria-hidden />}
          disabled={!editable || state.history.length === 0}
          onClick={() => dispatch({ type: 'UNDO' })}
          aria-keyshortcuts="U"
        >
          {t('scorecard.undo')}
        </Button>
      </SimpleGrid>

      <Group gap="xs" mih={28} data-testid="scorecard-save-state">
        {state.saving || unsaved ? (
          <Text size="sm" c="dimmed">
            {t('scorecard.saving')}
          </Text>
        ) : state.notice?.kind === 'saved' ? (
          <Badge color="green" variant="light" size="lg" leftSection={<IconCheck size={14} aria-hidden />} role="status">
            {t('scorecard.saved')}
          </Badge>
        ) : null}
      </Group>

      {state.notice && state.notice.kind !== 'saved' && (
        <Alert
          color={state.notice.kind === 'conflict' ? 'yellow' : 'red'}
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('scorecard.dismiss')}
          onClose={() => dispatch({ type: 'DISMISS_NOTICE' })}
        >
          <NoticeText notice={state.notice} />
          {state.notice.kind === 'conflict' && boulder && (
            <Text size="sm" mt={4} data-testid="scorecard-conflict-current">
              {t('scorecard.currentValue', {
                number: boulderIndex + 1,
                marks: formatBoulderMarks(boulder) || t('scorecard.noMarks'),
                attempts: boulder.currentAttempt,
              })}
            </Text>
          )}
          {state.notice.kind === 'failed' && (
            <Button mt="xs" size="xs" variant="light" onClick={() => dispatch({ type: 'DISMISS_NOTICE' })}>
              {t('scorecard.retry')}
            </Button>
          )}
        </Alert>
      )}

      <Text size="xs" c="dimmed" visibleFrom="sm">
        {t('scorecard.shortcuts')}
      </Text>
    </Stack>
  );
}
