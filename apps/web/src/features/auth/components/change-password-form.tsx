import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PasswordField } from '../../../components/ui/form/password-field';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError } from '../../../lib/api-error';
import { changePassword } from '../api/account';
import { changePasswordSchema } from '../schemas/account-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** PUT /api/user/password: the current password, the new one twice. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { notify } = useToast();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: formResolver(changePasswordSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.password });
      form.reset();
      notify({ type: 'success', message: t('profile.passwordChanged') });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') form.setFieldError('currentPassword', 'profile.currentPasswordIncorrect');
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <PasswordField {...field('currentPassword')} label={t('auth.currentPassword')} autoComplete="current-password" withAsterisk required />
        <PasswordField {...field('password')} label={t('auth.newPassword')} description={t('auth.passwordRule')} autoComplete="new-password" withAsterisk required />
        <PasswordField {...field('confirmPassword')} label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk required />
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          {t('profile.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
