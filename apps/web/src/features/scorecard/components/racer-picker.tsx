import type { Stage } from '@climbing/domain';
import { Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { formatEntryTime } from '../../../lib/format-entry-time';
import { SegmentedRadios } from '../../../components/ui/segmented-radios/segmented-radios';
import { roundOf, type RacerWithRound } from '../api/racer-list';
import { searchRacers } from '../model/racer-search';
import { speedListResult } from '../model/speed-entry';
import { leadListHeights } from '../model/lead-marks';

/**
 * Up to this many racers the whole list is shown. A final has 6 to 8 racers, a speed bracket 16,
 * a qualification group of a regional or youth race rarely more than 20; twenty items of about
 * 60 px are two screens of a 360x740 phone, which a judge scrolls faster than they type a name
 * with chalky fingers (with the cap of 8, the ninth of nine racers had to be searched for).
 */
const SHOW_ALL_UP_TO = 20;
/** A big field (a qualification of 40 and more) shows this many: there the search is quicker than a long scroll. */
const MAX_MATCHES = 8;

/** What a card enters: boulders (marks per boulder), lead routes (heights) or speed runs (times). */
export type CardKind = 'BOULDER' | 'LEAD' | 'SPEED';

/**
 * The scorecard's racer picker: the entries others changed, the qualification group the judge keeps
 * to (a group climbs its own boulders), the search by number or name, and the racers (all of them
 * up to twenty, else eight and how many more there are) with what is entered for them (the open
 * boulder's marks, lead heights, speed's best time or the run that gave none). The search starts
 * empty each time the picker opens.
 */
export function RacerPicker({
  racers,
  stage,
  kind,
  boulderIndex,
  groupParam,
  onGroupChange,
  onSelect,
  changedEntries,
}: {
  racers: readonly RacerWithRound[];
  stage: Stage;
  kind: CardKind;
  boulderIndex: number;
  /** The group chosen in the address, if any (kept only when it is one of the list's groups). */
  groupParam: string | null;
  onGroupChange: (group: string | null) => void;
  onSelect: (racer: RacerWithRound) => void;
  changedEntries: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  // A qualification climbed in groups: the judge of one group's boulders picks it, and the list (and its search) keeps to it.
  const groups = useMemo(() => (stage === 'QUALIFICATION' ? [...new Set(racers.map((racer) => racer.qualificationGroup).filter((name): name is string => Boolean(name)))].sort() : []), [racers, stage]);
  const group = groups.length > 1 && groupParam !== null && groups.includes(groupParam) ? groupParam : null;
  const inGroup = useMemo(() => (group === null ? racers : racers.filter((racer) => racer.qualificationGroup === group)), [racers, group]);
  const found = useMemo(() => searchRacers(inGroup, query), [inGroup, query]);
  const matches = found.length <= SHOW_ALL_UP_TO ? found : found.slice(0, MAX_MATCHES);
  const lead = kind === 'LEAD';
  const speed = kind === 'SPEED';

  return (
    <Stack gap="xs">
      {changedEntries}
      {groups.length > 1 && (
        <SegmentedRadios
          label={t('scorecard.groupFilter')}
          fullWidth
          value={group ?? ''}
          onChange={(value) => onGroupChange(value === '' ? null : value)}
          options={[{ value: '', label: t('scorecard.allGroups') }, ...groups.map((name) => ({ value: name, label: name }))]}
        />
      )}
      <TextInput
        label={t('scorecard.search')}
        placeholder={t('scorecard.searchPlaceholder')}
        size="lg"
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        autoComplete="off"
      />
      {matches.length === 0 && <Text c="dimmed">{t('scorecard.noMatch')}</Text>}
      <Stack gap={6} role="list" aria-label={t('scorecard.racers')}>
        {matches.map((racer) => {
          const round = roundOf(racer);
          const boulder = round?.boulders[boulderIndex];
          const speedResult = speed && round ? speedListResult(round.speedRoutes) : null;
          // What the judge sees of the racer's entries: lead heights, speed's best time (or the run that gave none), boulder marks.
          const mark =
            lead && round
              ? leadListHeights(round.routes)
              : speedResult?.kind === 'time'
                ? formatEntryTime(speedResult.timeMs, i18n.language)
                : speedResult
                  ? t(speedResult.kind === 'falseStart' ? 'speed.falseStart' : 'speed.fall')
                  : boulder
                    ? formatBoulderMarks(boulder)
                    : '';
          return (
            <div key={racer.id} role="listitem">
              <UnstyledButton
                onClick={() => onSelect(racer)}
                w="100%"
                p="sm"
                mih={56}
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
                data-testid="racer-option"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>
                    {racer.racerNumber} · {racer.fullName}
                  </Text>
                  <Text
                    c={speedResult && speedResult.kind !== 'time' ? 'red.8' : 'dimmed'}
                    fw={speedResult && speedResult.kind !== 'time' ? 600 : undefined}
                    size="sm"
                    ta="right"
                    data-testid="racer-option-mark"
                  >
                    {mark}
                  </Text>
                </Group>
              </UnstyledButton>
            </div>
          );
        })}
      </Stack>
      {found.length > matches.length && (
        <Text c="dimmed" size="sm" data-testid="more-racers">
          {t('scorecard.moreRacers', { shown: matches.length, total: found.length })}
        </Text>
      )}
    </Stack>
  );
}
