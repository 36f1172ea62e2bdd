import type { Sex } from '@climbing/domain';
import { Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation';
import { SegmentedRadios } from '../../../components/ui/segmented-radios/segmented-radios';
import classes from './ranking-filters.module.css';

interface RankingFiltersProps {
  /** Show the sex switch (a MIXED race). */
  mixed: boolean;
  sex: Sex | null;
  onSex: (sex: Sex | null) => void;
  categories: readonly { id: number; name: string }[];
  categoryId: number | null;
  onCategory: (categoryId: number | null) => void;
}

/**
 * The sex and age category switches of the results and live pages: women, men or both (a mixed
 * race); every category or one of them, which then shows the rank within the category.
 */
export function RankingFilters({ mixed, sex, onSex, categories, categoryId, onCategory }: RankingFiltersProps) {
  const { t } = useTranslation();
  const name = useId();
  if (!mixed && categories.length === 0) return null;
  const chosen = categoryId === null ? '' : String(categoryId);
  const choices = [{ value: '', label: t('results.allCategories') }, ...categories.map((category) => ({ value: String(category.id), label: category.name }))];
  return (
    <Group gap="md" align="flex-end" wrap="wrap" data-print-hide>
      {mixed && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="results-sex-label">
            {t('results.sex')}
          </Text>
          <SegmentedRadios
            labelledBy="results-sex-label"
            value={sex ?? ''}
            onChange={(value) => onSex(value === '' ? null : value)}
            options={[
              { value: '', label: t('results.bothSexes') },
              { value: 'F', label: t('raceGender.WOMEN') },
              { value: 'M', label: t('raceGender.MEN') },
            ]}
          />
        </Stack>
      )}
      {categories.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="results-category-label">
            {t('results.category')}
          </Text>
          <div className={classes.chips} role="radiogroup" aria-labelledby="results-category-label">
            {choices.map((choice) => (
              <label key={choice.value} className={classes.chip}>
                <input
                  type="radio"
                  className={classes.input}
                  name={name}
                  value={choice.value}
                  checked={chosen === choice.value}
                  onChange={() => onCategory(choice.value === '' ? null : Number(choice.value))}
                />
                <span className={classes.label}>{choice.label}</span>
              </label>
            ))}
          </div>
        </Stack>
      )}
    </Group>
  );
}
