import { Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import type { GenderBracket } from '../api/speed-bracket';
import { layoutBracket, type LaneView, type MatchSlot } from '../model/speed-bracket-layout';
import classes from './speed-bracket-view.module.css';

function Lane({ lane, large }: { lane: LaneView; large: boolean }) {
  const { t } = useTranslation();
  const mark =
    lane.mark.kind === 'time' ? lane.mark.text : lane.mark.kind === 'fall' ? t('speed.fall') : lane.mark.kind === 'falseStart' ? t('speed.falseStart') : '';
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="speed-lane" data-winner={lane.winner || undefined}>
      <Text size={large ? 'xl' : 'sm'} fw={lane.winner ? 700 : 400} c={lane.racer ? undefined : 'dimmed'} truncate>
        {lane.racer ? `${lane.racer.racerNumber} · ${lane.racer.fullName}${lane.racer.country ? ` (${lane.racer.country})` : ''}` : t('speed.toBeDecided')}
      </Text>
      <Text size={large ? 'xl' : 'sm'} fw={lane.winner ? 700 : 400} ff="monospace">
        {mark}
      </Text>
    </Group>
  );
}

function MatchCard({ slot, fullWidth = false, large }: { slot: MatchSlot; fullWidth?: boolean; large: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="sm" w={fullWidth ? '100%' : large ? 400 : 260} className={classes.card} data-testid="speed-match" aria-label={t(`speed.stage.${slot.stage}`)}>
      {(slot.stage === 'BIG_FINAL' || slot.stage === 'SMALL_FINAL') && (
        <Text size={large ? 'md' : 'xs'} c="dimmed">
          {t(`speed.stage.${slot.stage}`)}
        </Text>
      )}
      <Lane lane={slot.lanes[0]} large={large} />
      <Lane lane={slot.lanes[1]} large={large} />
    </Paper>
  );
}

/**
 * Read-only elimination bracket: one column per round, match cards with both lanes, the winner in
 * bold. `title` names the bracket of one sex when the race has one per sex.
 */
export function SpeedBracketView({
  bracket,
  title,
  narrow,
  large = false,
}: {
  bracket: Pick<GenderBracket, 'size' | 'stages' | 'matches'>;
  title?: string;
  /** A phone (the page's NARROW_SCREEN_QUERY): the rounds one under the other. Given by the page, so this loads on demand without a media query of its own. */
  narrow: boolean;
  large?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const columns = layoutBracket(bracket, i18n.language);
  if (columns.length === 0) return null;
  const heading = title ? `${t('speed.bracket')} · ${title}` : t('speed.bracket');
  const rounds = (
    <Group align="stretch" wrap="nowrap" gap="md" className={classes.columns}>
      {columns.map((column) => (
        // The round's name on top of every column; its matches spread over the height beside the round before.
        <Stack key={column.key} gap="sm" data-testid="speed-column" className={classes.column}>
          <Text fw={600} size={large ? 'xl' : 'sm'}>
            {t(column.key === 'BIG_FINAL' ? 'speed.finals' : `speed.stage.${column.key}`)}
          </Text>
          <Stack justify="space-around" gap="sm" style={{ flex: 1 }}>
            {column.slots.map((slot) => (
              <MatchCard key={`${slot.stage}-${slot.stageIndex}`} slot={slot} large={large} />
            ))}
          </Stack>
        </Stack>
      ))}
    </Group>
  );
  return (
    <section aria-label={heading} className={classes.bracket}>
      <Title order={2} size={large ? 32 : 'h4'} mb="xs">
        {heading}
      </Title>
      {narrow && !large ? (
        // A phone: the rounds one under the other, each match as wide as the screen, nothing to scroll sideways.
        <Stack gap="md">
          {columns.map((column) => (
            <Stack key={column.key} gap="xs" data-testid="speed-column">
              <Text fw={600} size="sm">
                {t(column.key === 'BIG_FINAL' ? 'speed.finals' : `speed.stage.${column.key}`)}
              </Text>
              {column.slots.map((slot) => (
                <MatchCard key={`${slot.stage}-${slot.stageIndex}`} slot={slot} fullWidth large={large} />
              ))}
            </Stack>
          ))}
        </Stack>
      ) : large ? (
        // A big screen draws the rounds whole (the projector zooms them to fit); a laptop scrolls them sideways.
        rounds
      ) : (
        <ScrollArea type="auto" className={classes.scroll}>
          {rounds}
        </ScrollArea>
      )}
    </section>
  );
}
