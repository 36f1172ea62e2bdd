import type { RoundState } from '@climbing/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';

const COLORS: Record<RoundState, string> = { READY: 'gray', STARTED: 'blue', CLOSED: 'red' };

export function RoundStateBadge({ state }: { state: RoundState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" size="lg" data-testid="round-state">
      {t(`rounds.state.${state}`)}
    </Badge>
  );
}
