import { Button, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import type { AgeCategoryBody } from '../api/categories';
import type { AgeCategory } from '../api/organizations';
import { ageCategoryFormSchema } from '../schemas/organization-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

const toNumber = (value: number | string | null): number | null => (value === '' || value === null ? null : Number(value));

export function AgeCategoryForm({ category, onSubmit }: { category: AgeCategory | null; onSubmit: (body: AgeCategoryBody) => Promise<void> }) {
  const { t } = useTranslation();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: category?.name ?? '', fromAge: (category?.fromAge ?? 0) as number | null, toAge: category?.toAge ?? null },
    validate: formResolver(ageCategoryFormSchema),
    validateInputOnBlur: true,
    transformValues: (values) => ({ ...values, fromAge: toNumber(values.fromAge), toAge: toNumber(values.toAge) }),
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit({ name: values.name.trim(), fromAge: values.fromAge ?? 0, toAge: values.toAge });
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
          <NumberInput {...field('fromAge')} label={t('categories.fromAge')} min={0} max={150} allowDecimal={false} withAsterisk required />
          <NumberInput {...field('toAge')} label={t('categories.toAge')} description={t('categories.toAgeHint')} min={0} max={150} allowDecimal={false} />
        </SimpleGrid>
        <Button type="submit" loading={submitting}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
