import { Button, Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PasswordField } from '../../../components/ui/form/password-field';
import { PersonFields } from '../../../components/ui/form/person-fields';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { emptyToNull, personFieldsBody } from '../../../lib/form-fields';
import type { ProfileBody } from '../api/account';
import type { CurrentUser } from '../api/current-user';
import { profileSchema, racerProfileSchema, type ProfileValues } from '../schemas/account-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';
import { useCountryOptions } from '../../events/api/countries';

const valuesOf = (user: CurrentUser): ProfileValues => ({
  email: user.email,
  currentPassword: '',
  name: user.name ?? '',
  surname: user.surname ?? '',
  birthday: user.birthday ?? null,
  sex: user.sex ?? null,
  phoneNumber: user.phoneNumber ?? '',
  club: user.club ?? '',
  language: user.language ?? 'SK',
  sponsor: user.sponsor ?? '',
  licenseId: user.licenseId ?? '',
  street: user.address?.street ?? '',
  streetNumber: user.address?.streetNumber ?? '',
  city: user.address?.city ?? '',
  zipcode: user.address?.zipcode ?? '',
  country: user.address?.country ?? '',
});

/** Another mailbox, not the same address in other letter case (the server's rule). */
export const emailChanges = (user: CurrentUser, email: string): boolean => email.trim().toLowerCase() !== user.email.trim().toLowerCase();

export const profileBody = (values: ProfileValues, emailChanged = false): ProfileBody => {
  const address = {
    street: emptyToNull(values.street),
    streetNumber: emptyToNull(values.streetNumber),
    city: emptyToNull(values.city),
    zipcode: emptyToNull(values.zipcode),
    country: emptyToNull(values.country),
  };
  return {
    email: values.email.trim(),
    ...(emailChanged ? { currentPassword: values.currentPassword } : {}),
    ...personFieldsBody(values),
    sponsor: emptyToNull(values.sponsor),
    licenseId: emptyToNull(values.licenseId),
    address: Object.values(address).some((value) => value !== null) ? address : null,
  };
};

interface ProfileFormProps {
  user: CurrentUser;
  onSubmit: (body: ProfileBody) => Promise<void>;
  /** Opened from a refused race registration: birthday and sex are required. */
  racerDetailsRequired?: boolean;
}

export function ProfileForm({ user, onSubmit, racerDetailsRequired = false }: ProfileFormProps) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const failure = useFormFailure();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: formResolver(racerDetailsRequired ? racerProfileSchema : profileSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const countryChoices = useCountryOptions();

  const emailChanged = emailChanges(user, form.values.email);
  const handleSubmit = form.onSubmit(async (values) => {
    if (emailChanged && values.currentPassword === '') {
      form.setFieldError('currentPassword', 'validation.required');
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(profileBody(values, emailChanged));
      // The e-mail stays the account's until the link is opened: show the current one again.
      if (emailChanged) form.setValues({ email: user.email, currentPassword: '' });
      form.resetDirty();
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
        {emailChanged && (
          <PasswordField
            {...field('currentPassword')}
            label={t('auth.currentPassword')}
            description={t('profile.emailChangeHint')}
            autoComplete="current-password"
            withAsterisk
            required
          />
        )}
        <PersonFields field={field} racerDetailsRequired={racerDetailsRequired} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('sponsor')} label={t('person.sponsor')} maxLength={200} />
          <TextInput {...field('licenseId')} label={t('person.licenseId')} maxLength={100} />
        </SimpleGrid>
        <Fieldset legend={t('address.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('street')} label={t('address.street')} autoComplete="address-line1" maxLength={200} />
            <TextInput {...field('streetNumber')} label={t('address.streetNumber')} maxLength={50} />
            <TextInput {...field('city')} label={t('address.city')} autoComplete="address-level2" maxLength={200} />
            <TextInput {...field('zipcode')} label={t('address.zipcode')} autoComplete="postal-code" maxLength={20} />
            <Select {...field('country')} label={t('address.country')} searchable clearable data={countryChoices} />
          </SimpleGrid>
        </Fieldset>
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
