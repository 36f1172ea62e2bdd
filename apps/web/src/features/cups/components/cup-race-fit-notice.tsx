import { Alert } from '@mantine/core';
import { cupRaceFit, type CupCategoryScope, type RaceScope } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';

/**
 * Under the cup admin's race picker: which racers of the chosen race the category will count, when
 * its gender or age categories differ from the category's (a mixed race in "Men" counts only its
 * men). Nothing when every racer of the race may count.
 */
export function CupRaceFitNotice({ category, race }: { category: CupCategoryScope & { name: string }; race: RaceScope }) {
  const { t } = useTranslation();
  const fit = cupRaceFit(category, race);
  if (fit === null) return null;
  const lines: string[] = [];
  if (fit.onlySex !== null) lines.push(t(fit.onlySex === 'M' ? 'cups.fitOnlyMen' : 'cups.fitOnlyWomen', { category: category.name }));
  if (fit.noneOfSex) lines.push(t(race.raceGender === 'WOMEN' ? 'cups.fitWomenRace' : 'cups.fitMenRace', { category: category.name }));
  if (fit.onlyAgeCategories !== null) {
    const ages = fit.onlyAgeCategories.join(', ');
    lines.push(
      fit.otherAgeCategories.length > 0
        ? t('cups.fitOnlyAgesNot', { category: category.name, ages, others: fit.otherAgeCategories.join(', ') })
        : t('cups.fitOnlyAges', { category: category.name, ages }),
    );
  }
  return (
    <Alert color={fit.noneOfSex ? 'red' : 'yellow'} data-testid="cup-race-fit">
      {lines.join(' ')}
    </Alert>
  );
}
