import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { z } from 'zod';
import type { Credentials } from '../api/token';
import { formResolver } from '../../../lib/form-resolver';
import { useValidationText } from '../../../lib/validation-text';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

// Messages are catalogue keys, translated at render so a language switch re-labels shown errors.
const loginSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  password: z.string().min(1, 'validation.required'),
});

interface LoginFormProps {
  onSubmit: (credentials: Credentials) => Promise<void>;
}

export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const validationText = useValidationText();
  const [submitting, setSubmitting] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const form = useForm<Credentials>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: formResolver(loginSchema),
    validateInputOnBlur: true,
  });

  const translatedError = (field: keyof Credentials): string | undefined => {
    const error = form.errors[field];
    return typeof error === 'string' ? validationText(error) : undefined;
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit({ email: values.email.trim(), password: values.password });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('email')}
          error={translatedError('email')}
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          maxLength={254}
          withAsterisk
          required
        />
        <PasswordInput
          {...form.getInputProps('password')}
          error={translatedError('password')}
          label={t('auth.password')}
          autoComplete="current-password"
          maxLength={128}
          withAsterisk
          required
          visible={passwordVisible}
          onVisibilityChange={setPasswordVisible}
          visibilityToggleButtonProps={{
            'aria-label': t(passwordVisible ? 'auth.hidePassword' : 'auth.showPassword'),
          }}
        />
        <Button type="submit" loading={submitting}>
          {t('auth.submit')}
        </Button>
      </Stack>
    </form>
  );
}
