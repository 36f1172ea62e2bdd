import { Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IFSC_POINTS_TABLE } from '@climbing/domain';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import type { CupRankCategoryBody } from '../api/categories';
import type { CupRankCategory } from '../api/organizations';
import { cupRankCategoryFormSchema } from '../schemas/organization-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { useValidationText } from '../../../lib/validation-text';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** The points table fitted to a number of ranks: longer tables are cut, shorter ones padded with 0. */
export const fitPoints = (points: readonly number[], ranks: number): number[] =>
  Array.from({ length: Math.max(0, Math.min(ranks, 1000)) }, (_unused, index) => points[index] ?? 0);

interface Values {
  [key: string]: unknown;
  name: string;
  numberOfRanks: number;
  level: number;
  rankPoints: number[];
}

/** A cup rank category with its editable points table (a new one starts with the IFSC table). */
export function CupRankCategoryForm({ category, onSubmit }: { category: CupRankCategory | null; onSubmit: (body: CupRankCategoryBody) => Promise<void> }) {
  const { t } = useTranslation();
  const validationText = useValidationText();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: category?.name ?? '',
      numberOfRanks: category?.numberOfRanks ?? IFSC_POINTS_TABLE.length,
      level: category?.level ?? 1,
      rankPoints: category ? fitPoints(category.rankPoints, category.numberOfRanks) : [...IFSC_POINTS_TABLE],
    },
    validate: formResolver(cupRankCategoryFormSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  // Points of places cut off while the number of ranks is edited come back when it grows again.
  const remembered = useRef<number[]>(form.values.rankPoints);

  const setRanks = (value: number | string) => {
    const current = form.values.rankPoints;
    remembered.current = [...current, ...remembered.current.slice(current.length)];
    if (typeof value !== 'number') {
      form.setFieldValue('numberOfRanks', value as unknown as number);
      return;
    }
    form.setFieldValue('numberOfRanks', value);
    form.setFieldValue('rankPoints', fitPoints(remembered.current, value));
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit({ name: values.name.trim(), numberOfRanks: values.numberOfRanks, level: values.level, rankPoints: values.rankPoints });
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <TextInput {...field('name')} label={t('categories.name')} maxLength={100} withAsterisk required />
        <SimpleGrid cols={2}>
          <NumberInput {...field('numberOfRanks')} onChange={setRanks} label={t('categories.numberOfRanks')} min={1} max={1000} allowDecimal={false} withAsterisk required />
          <NumberInput {...field('level')} label={t('categories.level')} description={t('categories.levelHint')} min={0} max={1000} allowDecimal={false} withAsterisk required />
        </SimpleGrid>
        <Group justify="space-between">
          <Text fw={500}>{t('categories.pointsTable')}</Text>
          <Button size="xs" variant="light" onClick={() => form.setFieldValue('rankPoints', fitPoints(IFSC_POINTS_TABLE, form.values.numberOfRanks))}>
            {t('categories.useIfscTable')}
          </Button>
        </Group>
        {typeof form.errors.rankPoints === 'string' && (
          <Text c="red" size="sm">
            {validationText(form.errors.rankPoints)}
          </Text>
        )}
        <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs" role="group" aria-label={t('categories.pointsTable')}>
          {form.values.rankPoints.map((_points, index) => (
            <NumberInput key={index} {...field(`rankPoints.${index}`)} label={t('categories.rank', { rank: index + 1 })} min={0} max={1_000_000} size="xs" hideControls />
          ))}
        </SimpleGrid>
        <Button type="submit" loading={submitting}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
