import { Select } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';

/** Keeps the lists of race management (racers, starting list) to one age category of the race. */
export function CategoryFilter({ categories, value, onChange }: { categories: readonly { id: number; name: string }[]; value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('results.category')}
      size="xs"
      w={180}
      allowDeselect={false}
      data={[{ value: '', label: t('results.allCategories') }, ...categories.map((category) => ({ value: String(category.id), label: category.name }))]}
      value={value ?? ''}
      onChange={(next) => onChange(next ? next : null)}
    />
  );
}
