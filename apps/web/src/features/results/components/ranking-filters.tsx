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
  /** Qualification groups to choose from (the live page; two or more), each ranked on its own. */
  groups?: readonly string[];
  group?: string | null;
  onGroup?: (group: string | null) => void;
  /** Fold the switches behind one button that says how many are in use (the live page on a phone). */
  folded?: boolean;
}

/** One choice of a few as native radio buttons drawn like chips; the empty value is "all". */
function ChipChoices({ labelId, label, choices, chosen, onChange }: { labelId: string; label: string; choices: readonly { value: string; label: string }[]; chosen: string; onChange: (value: string) => void }) {
  const name = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <div className={classes.chips} role="radiogroup" aria-labelledby={labelId}>
        {choices.map((choice) => (
          <label key={choice.value} className={classes.chip}>
            <input type="radio" className={classes.input} name={name} value={choice.value} checked={chosen === choice.value} onChange={() => onChange(choice.value)} />
            <span className={classes.label}>{choice.label}</span>
          </label>
        ))}
      </div>
    </Stack>
  );
}

/**
 * The sex, age category and qualification group switches of the results and live pages: women,
 * men or both (a mixed race); every category or one of them, which then shows the rank within the
 * category; every group or one of them (each group is ranked on its own). `folded`: behind one
 * button saying how many are in use; the choices stay where the page keeps them (its address),
 * folded or not.
 */
export function RankingFilters({ mixed, sex, onSex, categories, categoryId, onCategory, groups = [], group = null, onGroup, folded = false }: RankingFiltersProps) {
  const { t } = useTranslation();
  const severalGroups = groups.length > 1 && onGroup !== undefined;
  if (!mixed && categories.length === 0 && !severalGroups) return null;
  const switches = (
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
        <ChipChoices
          labelId="results-category-label"
          label={t('results.category')}
          choices={[{ value: '', label: t('results.allCategories') }, ...categories.map((category) => ({ value: String(category.id), label: category.name }))]}
          chosen={categoryId === null ? '' : String(categoryId)}
          onChange={(value) => onCategory(value === '' ? null : Number(value))}
        />
      )}
      {severalGroups && (
        <ChipChoices
          labelId="results-group-label"
          label={t('results.group')}
          choices={[{ value: '', label: t('results.allGroups') }, ...groups.map((name) => ({ value: name, label: name }))]}
          chosen={group ?? ''}
          onChange={(value) => onGroup(value || null)}
        />
      )}
    </Group>
  );
  if (!folded) return switches;
  // The filters in use: a sex only where the race offers the choice (in a race of one sex it does nothing);
  // the category and the group are those offered (the page passes null for anything else).
  const active = [mixed && sex, categoryId, group].filter(Boolean).length;
  // A native disclosure (details and summary, drawn as a 44 px button): the keyboard and screen
  // readers know it, and it keeps no state in script (the live page's 150 KB budget).
  return (
    <details className={classes.fold}>
      <summary>{active > 0 ? t('results.filtersInUse', { count: active }) : t('results.filters')}</summary>
      {switches}
    </details>
  );
}
