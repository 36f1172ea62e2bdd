import { ActionIcon, Button, Checkbox, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CUP_TYPES, DISCIPLINES, addDays, newCupDefaults, toIsoDate } from '@climbing/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DateField } from '../../../components/ui/form/date-field';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import type { Cup, CupBody } from '../api/cup';
import { betweenMessage } from '../../../lib/validation-text';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

interface CategoryValue {
  id?: number;
  name: string;
  /** '' = both sexes. */
  sex: '' | 'M' | 'F';
  ageCategoryIds: string[];
}

/** Spec 9 defaults for a new cup; the server fills in the organization's global cup settings too. */
export const initialCupValues = (cup: Cup | null) => {
  const defaults = newCupDefaults(toIsoDate(new Date()));
  return {
    name: cup?.name ?? '',
    displayName: cup?.displayName ?? '',
    description: cup?.description ?? '',
    startDate: (cup?.startDate ?? defaults.startDate) as string | null,
    endDate: (cup?.endDate ?? addDays(defaults.startDate, 365)) as string | null,
    type: cup?.type ?? 'CLASSIC',
    openCup: cup?.openCup ?? defaults.openCup,
    isPublic: cup?.isPublic ?? defaults.isPublic,
    maxCountedResults: (cup?.maxCountedResults ?? '') as number | string,
    oneResultFromAllDisciplines: cup?.oneResultFromAllDisciplines ?? defaults.oneResultFromAllDisciplines,
    raceLevelTieBreak: cup?.raceLevelTieBreak ?? defaults.raceLevelTieBreak,
    disciplines: cup?.disciplines ?? [...defaults.disciplines],
    categories: (cup?.categories.map((category) => ({ id: category.id, name: category.name, sex: category.sex ?? '', ageCategoryIds: category.ageCategories.map((age) => String(age.id)) })) ?? [
      { name: '', sex: '', ageCategoryIds: [] },
    ]) as CategoryValue[],
  };
};

/** The cup's fields and its categories (name and age categories); races are added per category once it exists. */
export function CupForm({ cup, ageCategories, onSubmit }: { cup: Cup | null; ageCategories: readonly { id: number; name: string }[]; onSubmit: (body: CupBody) => Promise<void> }) {
  const { t } = useTranslation();
  const failure = useFormFailure();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: initialCupValues(cup),
    validate: {
      name: (value) => (value.trim() === '' ? 'validation.required' : null),
      startDate: (value) => (value ? null : 'validation.required'),
      endDate: (value, values) => (!value ? 'validation.required' : values.startDate && value < values.startDate ? 'validation.startAfterEnd' : null),
      disciplines: (value) => (value.length === 0 ? 'validation.required' : null),
      maxCountedResults: (value) => (value === '' || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1000) ? null : betweenMessage(1, 1000)),
      categories: { name: (value) => (value.trim() === '' ? 'validation.required' : null) },
    },
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await onSubmit({
        name: values.name.trim(),
        displayName: values.displayName.trim() || null,
        description: values.description.trim() || null,
        startDate: values.startDate ?? '',
        endDate: values.endDate ?? '',
        type: values.type,
        openCup: values.openCup,
        isPublic: values.isPublic,
        maxCountedResults: values.maxCountedResults === '' ? null : Number(values.maxCountedResults),
        oneResultFromAllDisciplines: values.oneResultFromAllDisciplines,
        raceLevelTieBreak: values.raceLevelTieBreak,
        disciplines: values.disciplines,
        categories: values.categories.map((category) => ({
          ...(category.id ? { id: category.id } : {}),
          name: category.name.trim(),
          sex: category.sex === '' ? null : category.sex,
          ageCategoryIds: category.ageCategoryIds.map(Number),
        })),
      });
    } catch (error) {
      failure(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={focusingErrors(handleSubmit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('name')} label={t('cups.name')} withAsterisk maxLength={200} />
            <TextInput {...field('displayName')} label={t('cups.displayName')} maxLength={200} />
            <DateField {...field('startDate')} label={t('cups.startDate')} withAsterisk />
            <DateField {...field('endDate')} label={t('cups.endDate')} withAsterisk />
            <Select {...field('type')} label={t('cupSettings.type')} allowDeselect={false} data={CUP_TYPES.map((value) => ({ value, label: t(`cupType.${value}`) }))} />
            <NumberInput {...field('maxCountedResults')} label={t('cupSettings.maxCountedResults')} description={t('cupSettings.maxCountedResultsHint')} min={1} max={1000} allowDecimal={false} />
          </SimpleGrid>
          <Textarea {...field('description')} label={t('cups.description')} autosize minRows={2} maxLength={50_000} />
          <Checkbox.Group {...field('disciplines')} label={t('cupSettings.disciplines')} withAsterisk>
            <Group mt="xs">
              {DISCIPLINES.map((discipline) => (
                <Checkbox key={discipline} value={discipline} label={t(`discipline.${discipline}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch {...field('openCup', { type: 'checkbox' })} label={t('cupSettings.openCup')} />
          <Switch {...field('isPublic', { type: 'checkbox' })} label={t('cupSettings.isPublic')} />
          <Switch {...field('oneResultFromAllDisciplines', { type: 'checkbox' })} label={t('cupSettings.oneResultFromAllDisciplines')} />
          <Switch {...field('raceLevelTieBreak', { type: 'checkbox' })} label={t('cupSettings.raceLevelTieBreak')} />

          <Title order={2} size="h4">
            {t('cups.categories')}
          </Title>
          {form.values.categories.map((category, index) => (
            <Group key={category.id ?? `new-${index}`} align="flex-end" wrap="wrap">
              <TextInput {...field(`categories.${index}.name`)} label={t('cups.categoryName')} withAsterisk maxLength={100} style={{ flex: 1 }} />
              <Select
                {...field(`categories.${index}.sex`)}
                label={t('cups.categorySex')}
                allowDeselect={false}
                data={[
                  { value: '', label: t('results.bothSexes') },
                  { value: 'F', label: t('raceGender.WOMEN') },
                  { value: 'M', label: t('raceGender.MEN') },
                ]}
                w={150}
              />
              <MultiSelect
                {...field(`categories.${index}.ageCategoryIds`)}
                label={t('cups.ageCategories')}
                placeholder={t('cups.allAges')}
                data={ageCategories.map((age) => ({ value: String(age.id), label: age.name }))}
                style={{ flex: 1 }}
              />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('cups.removeCategory', { name: category.name })} onClick={() => form.removeListItem('categories', index)}>
                <IconTrash aria-hidden size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Button variant="light" onClick={() => form.insertListItem('categories', { name: '', sex: '', ageCategoryIds: [] })} style={{ alignSelf: 'flex-start' }}>
            {t('cups.addCategory')}
          </Button>
          <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
