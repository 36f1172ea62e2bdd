import { Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { emptyToNull } from '../../../lib/form-fields';
import { useReloadSessionUser } from '../../auth/hooks/use-session';
import { createOrganization } from '../api/organizations';
import { registerOrganizationSchema } from '../schemas/organization-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** A logged-in user registers an organization and becomes its admin. */
export function RegisterOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notify } = useToast();
  const failure = useFormFailure();
  const reloadUser = useReloadSessionUser();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', shortcut: '', shortDescription: '' },
    validate: formResolver(registerOrganizationSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const organization = await createOrganization({
        name: values.name.trim(),
        shortcut: emptyToNull(values.shortcut),
        shortDescription: emptyToNull(values.shortDescription),
      });
      await reloadUser();
      await queryClient.invalidateQueries({ queryKey: ['my-memberships'] });
      await queryClient.invalidateQueries({ queryKey: ['organizations'] });
      notify({ type: 'success', message: t('organizations.registered', { name: organization.name }) });
      void navigate(`/admin/organization/${organization.id}/members`);
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="xs">
        {t('organizations.registerTitle')}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t('organizations.registerIntro')}
      </Text>
      <form onSubmit={focusingErrors(handleSubmit)} noValidate>
        <Stack gap="md">
          <TextInput {...field('name')} label={t('organizations.name')} maxLength={200} withAsterisk required />
          <TextInput {...field('shortcut')} label={t('organizations.shortcut')} maxLength={20} />
          <Textarea {...field('shortDescription')} label={t('organizations.shortDescription')} maxLength={500} autosize minRows={2} />
          <Button type="submit" loading={submitting}>
            {t('organizations.registerSubmit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
