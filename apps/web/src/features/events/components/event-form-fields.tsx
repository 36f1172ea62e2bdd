import { Fieldset, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../../lib/translation';
import { DateField } from '../../../components/ui/form/date-field';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useCountryOptions } from '../api/countries';
import { withFlag, type EventFormValues } from '../model/event-form-values';

/** The event's own inputs: names, description, place, dates and the visibility switches with their rules. */
export function EventFormFields({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const { t } = useTranslation();
  const field = useFieldProps(form);
  const countryChoices = useCountryOptions();
  const flag = (name: 'isPublic' | 'allowedUnregisteredUsers') => ({
    checked: form.values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setValues(withFlag(form.getValues(), name, event.currentTarget.checked)),
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('name')} label={t('event.name')} maxLength={200} withAsterisk required />
        <TextInput {...field('displayName')} label={t('event.displayName')} description={t('event.displayNameHint')} maxLength={200} />
      </SimpleGrid>
      <Textarea {...field('description')} label={t('event.description')} autosize minRows={3} maxLength={50_000} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField {...field('startingDate')} label={t('event.startingDate')} withAsterisk required />
        <DateField {...field('closingDate')} label={t('event.closingDate')} withAsterisk required />
      </SimpleGrid>
      <Fieldset legend={t('event.place')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('street')} label={t('address.street')} maxLength={200} />
          <TextInput {...field('streetNumber')} label={t('address.streetNumber')} maxLength={50} />
          <TextInput {...field('city')} label={t('address.city')} maxLength={200} />
          <TextInput {...field('zipcode')} label={t('address.zipcode')} maxLength={20} />
          <Select {...field('country')} label={t('address.country')} searchable clearable data={countryChoices} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('event.visibility')}>
        <Stack gap="sm">
          <Switch {...flag('isPublic')} label={t('event.isPublic')} description={t('event.isPublicHint')} />
          <Switch {...form.getInputProps('isHidden', { type: 'checkbox' })} label={t('event.isHidden')} description={t('event.isHiddenHint')} />
          <Switch {...form.getInputProps('onlineRegistration', { type: 'checkbox' })} label={t('event.onlineRegistrationSwitch')} description={t('event.onlineRegistrationHint')} />
          <Switch {...flag('allowedUnregisteredUsers')} label={t('event.allowedUnregisteredUsers')} description={t('event.allowedUnregisteredUsersHint')} />
          <Switch {...form.getInputProps('sendUpdateInfo', { type: 'checkbox' })} label={t('event.sendUpdateInfo')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
