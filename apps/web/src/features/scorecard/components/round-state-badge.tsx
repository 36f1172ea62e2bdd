import type { RoundState } from '@climbing/domain';
import { Badge, Text, type MantineSize } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';

const COLORS: Record<RoundState, string> = { READY: 'gray', STARTED: 'blue', CLOSED: 'red' };

export function RoundStateBadge({ state, size = 'lg' }: { state: RoundState; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    // Never cut to "STAR…" beside a long name: the name wraps instead.
    <Badge color={COLORS[state]} variant="light" size={size} data-testid="round-state" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
      {t(`rounds.state.${state}`)}
    </Badge>
  );
}

/**
 * Under a closed round's racer: why every button is greyed out and what to do about a mistake
 * (the organiser reopens the round). Nothing for a round that takes entries.
 */
export function ClosedRoundNote({ state }: { state: RoundState }) {
  const { t } = useTranslation();
  if (state !== 'CLOSED') return null;
  return (
    <Text size="sm" c="red.9" data-testid="round-closed-note">
      {t('scorecard.roundClosedNote')}
    </Text>
  );
}
