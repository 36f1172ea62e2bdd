import { Button, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PasswordField } from '../../../components/ui/form/password-field';
import { PersonFields } from '../../../components/ui/form/person-fields';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { emptyPersonFields, personFieldsBody } from '../../../lib/form-fields';
import type { RegisterBody } from '../api/account';
import { racerSignUpSchema, signUpSchema, type SignUpValues } from '../schemas/account-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';
import { useCountryOptions } from '../../events/api/countries';

interface SignUpFormProps {
  onSubmit: (body: RegisterBody) => Promise<void>;
  /** Signing up to register for a race: birthday and sex are required (the registration needs them). */
  forRegistration?: boolean;
}

export function SignUpForm({ onSubmit, forRegistration = false }: SignUpFormProps) {
  const { t, i18n } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const failure = useFormFailure();
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '', ...emptyPersonFields(i18n.language === 'sk' ? 'SK' : 'EN'), country: null },
    validate: formResolver(forRegistration ? racerSignUpSchema : signUpSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const countryChoices = useCountryOptions();

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit({ email: values.email.trim(), password: values.password, ...personFieldsBody(values), ...(values.country ? { address: { country: values.country } } : {}) });
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <TextInput {...field('email')} label={t('auth.email')} type="email" inputMode="email" autoComplete="email" maxLength={254} withAsterisk required />
        <PasswordField {...field('password')} label={t('auth.password')} description={t('auth.passwordRule')} autoComplete="new-password" withAsterisk required />
        <PasswordField {...field('confirmPassword')} label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk required />
        <PersonFields field={field} racerDetailsRequired={forRegistration} />
        <Select {...field('country')} label={t('address.country')} description={t('signUp.countryHint')} searchable clearable data={countryChoices} autoComplete="country" />
        <Button type="submit" loading={submitting}>
          {t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
