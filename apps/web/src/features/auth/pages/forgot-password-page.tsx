import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { requestPasswordReset } from '../api/account';
import { forgotPasswordSchema } from '../schemas/account-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** Forgot password: mails a reset link (POST /api/user/forgot-password-reset). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const failure = useFormFailure();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: formResolver(forgotPasswordSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await requestPasswordReset(values.email.trim());
      setSentTo(values.email.trim());
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={420} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="xs">
        {t('forgotPassword.title')}
      </Title>
      {sentTo !== null ? (
        <Alert color="green" role="status">
          {t('forgotPassword.sent', { email: sentTo })}
        </Alert>
      ) : (
        <>
          <Text c="dimmed" size="sm" mb="lg">
            {t('forgotPassword.intro')}
          </Text>
          <form onSubmit={focusingErrors(handleSubmit)} noValidate>
            <Stack gap="md">
              <TextInput {...field('email')} label={t('auth.email')} type="email" inputMode="email" autoComplete="email" maxLength={254} withAsterisk required />
              <Button type="submit" loading={submitting}>
                {t('forgotPassword.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Anchor component={Link} to="/login" size="sm" mt="md" display="block">
        {t('forgotPassword.backToLogin')}
      </Anchor>
    </Paper>
  );
}
