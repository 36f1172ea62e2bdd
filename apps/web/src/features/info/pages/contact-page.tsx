import { Alert, Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { sendMessage } from '../api/send-message';
import { MESSAGE_MAX_LENGTH, contactSchema } from '../schemas/contact-schema';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

export function ContactPage() {
  const { t } = useTranslation();
  const failure = useFormFailure();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', message: '' },
    validate: formResolver(contactSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await sendMessage({ email: values.email.trim(), message: values.message.trim() });
      setSent(true);
      form.reset();
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="xs">
        {t('contact.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t('contact.intro')}
      </Text>
      {sent && (
        <Alert color="green" mb="md" role="status">
          {t('contact.sent')}
        </Alert>
      )}
      <form onSubmit={focusingErrors(handleSubmit)} noValidate>
        <Stack gap="md">
          <TextInput {...field('email')} label={t('auth.email')} type="email" inputMode="email" autoComplete="email" maxLength={254} withAsterisk required />
          <Textarea {...field('message')} label={t('contact.message')} maxLength={MESSAGE_MAX_LENGTH} autosize minRows={5} withAsterisk required />
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            {t('contact.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
