import type { RaceGender, Sex, SpeedStage } from '@climbing/domain';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import type { SpeedMatch } from '../api/speed-bracket-schema';
import { SpeedBracketView } from './speed-bracket-view';

interface SpeedBracketsProps {
  /** Each bracket's gender, size and stages (one per sex where the sexes are ranked apart). */
  brackets: readonly { gender: RaceGender; size: number; stages: SpeedStage[] }[];
  /** Every match of every bracket. */
  matches: readonly SpeedMatch[];
  /** Only this sex's bracket (a filter of the page); null: all. */
  sex?: Sex | null;
  /** A phone (NARROW_SCREEN_QUERY, as the page's tables): each bracket's rounds one under the other. */
  narrow: boolean;
  /** Large type for a big screen or a projector. */
  large?: boolean;
}

/** A speed final's brackets, each named by its sex when there are several: the results page, the live page and the projector. */
export default function SpeedBrackets({ brackets, matches, sex = null, narrow, large = false }: SpeedBracketsProps) {
  const { t } = useTranslation();
  const shown = brackets.filter((one) => sex === null || one.gender === (sex === 'F' ? 'WOMEN' : 'MEN'));
  if (shown.length === 0) return null;
  return (
    <Stack gap="md" data-testid="speed-brackets">
      {shown.map((one) => (
        <SpeedBracketView
          key={one.gender}
          bracket={{ ...one, matches: matches.filter((match) => match.gender === one.gender) }}
          narrow={narrow}
          large={large}
          {...(one.gender === 'MIXED' ? {} : { title: t(`raceGender.${one.gender}`) })}
        />
      ))}
    </Stack>
  );
}
