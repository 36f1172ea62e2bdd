import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Sex } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';
import { DateField } from '../../../components/ui/form/date-field';
import { useCountryOptions } from '../api/countries';

type FieldProps = (path: string) => Record<string, unknown> & { error?: string };

const BOTH_SEXES: readonly Sex[] = ['F', 'M'];

interface UnregisteredRegistrationFieldsProps {
  field: FieldProps;
  groups: { value: string; label: string }[];
  /** The sexes the race takes (the check-in desk: a men's race offers only men); both unless given. */
  sexes?: readonly Sex[];
  /** Says why the sex field offers fewer than both. */
  sexHint?: string;
}

/** The inputs of the one-time registration: who races, without an account. */
export function UnregisteredRegistrationFields({ field, groups, sexes = BOTH_SEXES, sexHint }: UnregisteredRegistrationFieldsProps) {
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
          description={sexHint}
          // The hint under the field, so the field stays level with the birthday beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          required
          allowDeselect={false}
          data={sexes.map((sex) => ({ value: sex, label: t(`person.sex${sex}`) }))}
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
