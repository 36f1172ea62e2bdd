import type { RaceGender, Sex } from '../model/enums.ts';

/** What a cup category ranks (docs/cups.md): its sex (null: both) and its age categories (none: every age). */
export interface CupCategoryScope {
  sex: Sex | null;
  ageCategories: readonly { id: number; name: string }[];
}

/** What a race takes: its gender and its age categories (none: every age). */
export interface RaceScope {
  raceGender: RaceGender;
  ageCategories: readonly { id: number; name: string }[];
}

/**
 * Which racers of a race a cup category will count, where the two differ (the cup ranking keeps
 * only the category's sex and ages, cup-ranking-service): `onlySex` a mixed race of which only one
 * sex counts; `noneOfSex` a race for the other sex, of which nobody counts; `onlyAgeCategories` the
 * category's age categories when the race takes others too (`otherAgeCategories`) or has none.
 * Null when every racer of the race may count.
 */
export interface CupRaceFit {
  onlySex: Sex | null;
  noneOfSex: boolean;
  onlyAgeCategories: string[] | null;
  otherAgeCategories: string[];
}

const SEX_OF_GENDER: Partial<Record<RaceGender, Sex>> = { MEN: 'M', WOMEN: 'F' };

export function cupRaceFit(category: CupCategoryScope, race: RaceScope): CupRaceFit | null {
  const raceSex = SEX_OF_GENDER[race.raceGender] ?? null;
  const onlySex = category.sex !== null && raceSex === null ? category.sex : null;
  const noneOfSex = category.sex !== null && raceSex !== null && raceSex !== category.sex;
  const counted = new Set(category.ageCategories.map((ageCategory) => ageCategory.id));
  const otherAgeCategories = race.ageCategories.filter((ageCategory) => !counted.has(ageCategory.id)).map((ageCategory) => ageCategory.name);
  const agesDiffer = category.ageCategories.length > 0 && (race.ageCategories.length === 0 || otherAgeCategories.length > 0);
  const onlyAgeCategories = agesDiffer ? category.ageCategories.map((ageCategory) => ageCategory.name) : null;
  if (onlySex === null && !noneOfSex && onlyAgeCategories === null) return null;
  return { onlySex, noneOfSex, onlyAgeCategories, otherAgeCategories: agesDiffer ? otherAgeCategories : [] };
}
