import { Button, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { speedTimeFormatter } from '../../../lib/format-figures';
import type { RacerWithRound } from '../api/racer-list';
import { closedRoundsOf, speedMatchTitle, type FinalMatch, type MatchSection, type MatchSide } from '../model/speed-final-matches';
import { RoundStateBadge } from './round-state-badge';
import classes from './speed-final-matches.module.css';

interface SpeedFinalMatchesProps {
  sections: readonly MatchSection[];
  /** The stage is open: a match whose racers' rounds are closed can be reopened. */
  editable: boolean;
  busy: boolean;
  onReopen: (match: FinalMatch) => void;
  onAudit: (racer: RacerWithRound) => void;
}

function Side({ side, match, time, onAudit }: { side: MatchSide | null; match: FinalMatch; time: (ms: number) => string; onAudit: (racer: RacerWithRound) => void }) {
  const { t } = useTranslation();
  if (!side) {
    return (
      <Text size="sm" c="dimmed" data-testid="match-side">
        {t('speed.toBeDecided')}
      </Text>
    );
  }
  const { racer, round, run } = side;
  const winner = match.winnerRacerId === racer.id;
  const failure = run?.falseStart ? t('speed.falseStart') : run?.fall ? t('speed.fall') : '';
  const timeText = run?.time == null ? '' : time(run.time);
  const runText = failure && timeText ? `${failure} (${timeText})` : failure || timeText;
  return (
    // One line per racer, also on a phone: the name wraps, the run, the round's state and its history keep their width.
    <Group justify="space-between" gap={4} wrap="nowrap" data-testid="match-side" data-racer={racer.id} data-winner={winner || undefined}>
      <Text size="sm" fw={winner ? 700 : 400} className={classes.name}>
        {racer.racerNumber} · {racer.fullName}
        {winner && <VisuallyHidden> ({t('rounds.matchWinner')})</VisuallyHidden>}
      </Text>
      {runText && (
        <Text size="sm" fw={winner ? 700 : 400} ff="monospace" className={classes.run}>
          {runText}
        </Text>
      )}
      <RoundStateBadge state={round.state} size="sm" />
      {/* The word on a wider screen, the icon alone on a phone; the name says whose history it is. */}
      <Button size="sm" variant="subtle" px={8} className={classes.fixed} leftSection={<IconHistory size={18} aria-hidden />} classNames={{ section: classes.auditIcon }} onClick={() => onAudit(racer)} aria-label={t('rounds.auditOf', { name: racer.fullName })}>
        <Text span size="sm" fw={600} visibleFrom="sm">
          {t('rounds.audit')}
        </Text>
      </Button>
    </Group>
  );
}

/**
 * The rounds of a speed final by match: a section per stage of the bracket (1/8 finals to the
 * finals), a card per match with its two racers, their runs and their rounds' states, and the one
 * step a speed final round takes: reopening the match, which opens both racers' rounds so a judge
 * can correct it on the speed judge's screen.
 */
export function SpeedFinalMatches({ sections, editable, busy, onReopen, onAudit }: SpeedFinalMatchesProps) {
  const { t, i18n } = useTranslation();
  const severalBrackets = new Set(sections.map((section) => section.gender)).size > 1;
  const times = sections.flatMap((section) => section.matches.flatMap((match) => [match.racerA?.run?.time, match.racerB?.run?.time]));
  const time = speedTimeFormatter(times, i18n.language);
  return (
    <Stack gap="lg" data-testid="speed-final-matches">
      {sections.map((section) => {
        const heading = `${severalBrackets ? `${t(`raceGender.${section.gender}`)} · ` : ''}${t(`rounds.matchStage.${section.stage}`)}`;
        return (
          <section key={section.key} aria-label={heading} data-testid="match-section">
            <Title order={2} size="h4" mb="xs">
              {heading}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
              {section.matches.map((match) => {
                const title = speedMatchTitle(t, match, severalBrackets);
                const closed = closedRoundsOf(match);
                const bothKnown = match.racerA !== null && match.racerB !== null;
                return (
                  <Paper key={match.id} withBorder p="sm" radius="md" data-testid="speed-final-match" data-match={match.id} aria-label={title} component="article">
                    <Stack gap={6}>
                      <Group justify="space-between" gap="xs">
                        <Text fw={700}>{title}</Text>
                        {editable && (
                          <Button size="sm" variant="light" disabled={busy || !bothKnown || closed.length === 0} onClick={() => onReopen(match)}>
                            {t('rounds.reopenMatch')}
                          </Button>
                        )}
                      </Group>
                      <Side side={match.racerA} match={match} time={time} onAudit={onAudit} />
                      <Side side={match.racerB} match={match} time={time} onAudit={onAudit} />
                    </Stack>
                  </Paper>
                );
              })}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}
