import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { DateField } from '../../../components/ui/form/date-field';
import { useCountryOptions } from '../api/countries';

type FieldProps = (path: string) => Record<string, unknown> & { error?: string };

/** The inputs of the one-time registration: who races, without an account. */
export function UnregisteredRegistrationFields({ field, groups }: { field: FieldProps; groups: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const countryChoices = useCountryOptions();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('name')} label={t('person.name')} autoComplete="given-name" maxLength={100} withAsterisk required />
        <TextInput {...field('surname')} label={t('person.surname')} autoComplete="family-name" maxLength={100} withAsterisk required />
      </SimpleGrid>
      <TextInput {...field('email')} label={t('registration.email')} description={t('registration.emailHint')} type="email" inputMode="email" autoComplete="email" maxLength={254} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          {...field('sex')}
          label={t('person.sex')}
          withAsterisk
          required
          allowDeselect={false}
          data={[
            { value: 'F', label: t('person.sexF') },
            { value: 'M', label: t('person.sexM') },
          ]}
        />
        <DateField {...field('birthday')} birthday label={t('person.birthday')} withAsterisk required />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('club')} label={t('person.club')} maxLength={200} />
        <Select {...field('country')} label={t('address.country')} searchable clearable data={countryChoices} />
      </SimpleGrid>
      {groups.length > 1 && <Select {...field('qualificationGroupId')} label={t('registration.group')} placeholder={t('registration.anyGroup')} clearable data={groups} />}
    </>
  );
}
