import type { Sex } from '@climbing/domain';
import { Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
  if (!mixed && categories.length === 0) return null;
  return (
    <Group gap="md" align="flex-end" wrap="wrap" data-print-hide>
      {mixed && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="results-sex-label">
            {t('results.sex')}
          </Text>
          <SegmentedControl
            aria-labelledby="results-sex-label"
            value={sex ?? ''}
            onChange={(value) => onSex(value === 'F' || value === 'M' ? value : null)}
            data={[
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
          <Chip.Group value={categoryId === null ? '' : String(categoryId)} onChange={(value) => onCategory(value === '' ? null : Number(value))}>
            <Group gap={6} role="radiogroup" aria-labelledby="results-category-label">
              <Chip value="" size="sm">
                {t('results.allCategories')}
              </Chip>
              {categories.map((category) => (
                <Chip key={category.id} value={String(category.id)} size="sm">
                  {category.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
    </Group>
  );
}
