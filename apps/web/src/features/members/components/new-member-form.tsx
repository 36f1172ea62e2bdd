import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DateField } from '../../../components/ui/form/date-field';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { emptyToNull } from '../../../lib/form-fields';
import type { NewMemberBody } from '../api/members';
import { newMemberSchema } from '../schemas/member-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

interface NewMemberFormProps {
  onSubmit: (body: NewMemberBody) => Promise<void>;
}

/** Add a member directly: a new account without a password (its owner sets one via "forgot password"). */
export function NewMemberForm({ onSubmit }: NewMemberFormProps) {
  const { t, i18n } = useTranslation();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      email: '',
      name: '',
      surname: '',
      birthday: null as string | null,
      sex: null as 'M' | 'F' | null,
      club: '',
      language: (i18n.language === 'en' ? 'EN' : 'SK') as 'SK' | 'EN',
      orgAdmin: false,
      coach: false,
      judge: false,
    },
    validate: formResolver(newMemberSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit({ ...values, email: values.email.trim(), name: values.name.trim(), surname: values.surname.trim(), birthday: values.birthday || null, club: emptyToNull(values.club) });
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <TextInput {...field('email')} label={t('auth.email')} type="email" inputMode="email" maxLength={254} withAsterisk required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('name')} label={t('person.name')} maxLength={100} withAsterisk required />
          <TextInput {...field('surname')} label={t('person.surname')} maxLength={100} withAsterisk required />
          <DateField {...field('birthday')} birthday label={t('person.birthday')} />
          <Select {...field('sex')} label={t('person.sex')} clearable data={[{ value: 'F', label: t('person.sexF') }, { value: 'M', label: t('person.sexM') }]} />
          <TextInput {...field('club')} label={t('person.club')} maxLength={200} />
          <Select
            {...field('language')}
            label={t('person.language')}
            allowDeselect={false}
            data={[{ value: 'SK', label: t('person.languageSK') }, { value: 'EN', label: t('person.languageEN') }]}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox {...field('orgAdmin', { type: 'checkbox' })} label={t('members.roleAdmin')} />
          <Checkbox {...field('coach', { type: 'checkbox' })} label={t('members.roleCoach')} />
          <Checkbox {...field('judge', { type: 'checkbox' })} label={t('members.roleJudge')} />
        </Group>
        <Button type="submit" loading={submitting}>
          {t('members.addSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
