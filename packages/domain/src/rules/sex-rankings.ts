import type { MixedRanking, RaceGender, Sex } from '../model/enums.ts';

export interface RankingSettings {
  raceGender: RaceGender;
  /** Only meaningful for a MIXED race; SEPARATE when not set. */
  mixedRanking?: MixedRanking | null;
}

/** New MIXED races rank women and men apart, as club, youth and national competitions do. */
export const DEFAULT_MIXED_RANKING: MixedRanking = 'SEPARATE';

/**
 * Whether the race ranks its sexes apart: a MIXED race with mixedRanking SEPARATE. Then every
 * stage has one ranking per sex, the advancing quotas apply per sex and speed has one bracket per
 * sex. A MEN or WOMEN race (or a TOGETHER mixed race) has one ranking.
 */
export const ranksSexesApart = (race: RankingSettings): boolean =>
  race.raceGender === 'MIXED' && (race.mixedRanking ?? DEFAULT_MIXED_RANKING) === 'SEPARATE';

/** The ranking a racer belongs to: their sex when the race ranks the sexes apart, else null (the one ranking). */
export const rankingOf = (race: RankingSettings, sex: Sex): Sex | null => (ranksSexesApart(race) ? sex : null);

/** The order rankings are shown in: women, then men (the order of most published result lists). */
export const RANKING_ORDER: readonly Sex[] = ['F', 'M'];
