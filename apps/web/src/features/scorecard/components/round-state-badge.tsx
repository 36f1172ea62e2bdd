import type { RoundState } from '@climbing/domain';
import { Badge, type MantineSize } from '@mantine/core';
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
