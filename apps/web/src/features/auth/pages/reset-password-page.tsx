import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/form/password-field';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { getPasswordResetInfo, resetPassword } from '../api/account';
import { PageLoadingText } from '../components/page-loading-text';
import { resetPasswordSchema } from '../schemas/account-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/**
 * The page of the e-mailed reset link (/password-reset?token=...) and of the first password of an
 * account an organization's admin created (/set-password?token=...): the same single-use link, other words.
 */
export function ResetPasswordPage({ purpose = 'reset' }: { purpose?: 'reset' | 'set' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const setting = purpose === 'set';
  const { notify } = useToast();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const info = useQuery({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) => getPasswordResetInfo(token, signal),
    enabled: token !== '',
    retry: false,
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: formResolver(resetPasswordSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await resetPassword({ token, password: values.password });
      notify({ type: 'success', message: t(setting ? 'resetPassword.setDone' : 'resetPassword.done') });
      void navigate('/login', { replace: true });
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  const invalid = token === '' || info.isError || info.data?.valid === false;
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={420} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="md">
        {t(setting ? 'resetPassword.setTitle' : 'resetPassword.title')}
      </Title>
      {invalid ? (
        <Stack>
          <Alert color="red">{t(setting ? 'resetPassword.setInvalidLink' : 'resetPassword.invalidLink')}</Alert>
          <Anchor component={Link} to="/forgot-password">
            {t('resetPassword.requestNew')}
          </Anchor>
        </Stack>
      ) : info.isPending ? (
        <PageLoadingText />
      ) : (
        <form onSubmit={focusingErrors(handleSubmit)} noValidate>
          <Stack gap="md">
            {setting && <Text size="sm">{t('resetPassword.setIntro')}</Text>}
            <Text size="sm">{t('resetPassword.forAccount', { email: info.data.email ?? '' })}</Text>
            <PasswordField {...field('password')} label={t('auth.newPassword')} description={t('auth.passwordRule')} autoComplete="new-password" withAsterisk required />
            <PasswordField {...field('confirmPassword')} label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk required />
            <Button type="submit" loading={submitting}>
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}

/** /set-password?token=...: the first password of an account an organization's admin created. */
export function SetPasswordPage() {
  return <ResetPasswordPage purpose="set" />;
}
