import { Button, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { inviteSchema } from '../schemas/member-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

interface InviteMemberFormProps {
  onSubmit: (body: { email: string; language: 'SK' | 'EN' }) => Promise<void>;
}

/** Invite by e-mail; the invitation (and its e-mail) is in the chosen language. */
export function InviteMemberForm({ onSubmit }: InviteMemberFormProps) {
  const { t, i18n } = useTranslation();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<{ email: string; language: 'SK' | 'EN' }>({
    mode: 'controlled',
    initialValues: { email: '', language: i18n.language === 'en' ? 'EN' : 'SK' },
    validate: formResolver(inviteSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit({ email: values.email.trim(), language: values.language });
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <TextInput {...field('email')} label={t('auth.email')} type="email" inputMode="email" maxLength={254} withAsterisk required data-autofocus />
        <Select
          {...field('language')}
          label={t('members.invitationLanguage')}
          allowDeselect={false}
          withAsterisk
          required
          data={[
            { value: 'SK', label: t('person.languageSK') },
            { value: 'EN', label: t('person.languageEN') },
          ]}
        />
        <Button type="submit" loading={submitting}>
          {t('members.sendInvitation')}
        </Button>
      </Stack>
    </form>
  );
}
