import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { DateField } from './date-field';

type FieldProps = (path: string) => Record<string, unknown> & { error?: string };

/**
 * Name, surname, birthday, sex, phone, club and language: the same inputs on every account form.
 * `racerDetailsRequired` marks birthday and sex required (a form reached from a race registration).
 */
export function PersonFields({ field, racerDetailsRequired = false }: { field: FieldProps; racerDetailsRequired?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('name')} label={t('person.name')} autoComplete="given-name" maxLength={100} withAsterisk required />
        <TextInput {...field('surname')} label={t('person.surname')} autoComplete="family-name" maxLength={100} withAsterisk required />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField {...field('birthday')} birthday label={t('person.birthday')} withAsterisk={racerDetailsRequired} required={racerDetailsRequired} />
        <Select
          {...field('sex')}
          label={t('person.sex')}
          clearable={!racerDetailsRequired}
          withAsterisk={racerDetailsRequired}
          required={racerDetailsRequired}
          data={[
            { value: 'F', label: t('person.sexF') },
            { value: 'M', label: t('person.sexM') },
          ]}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('phoneNumber')} label={t('person.phoneNumber')} type="tel" inputMode="tel" autoComplete="tel" maxLength={50} />
        <TextInput {...field('club')} label={t('person.club')} maxLength={200} />
      </SimpleGrid>
      <Select
        {...field('language')}
        label={t('person.language')}
        allowDeselect={false}
        withAsterisk
        required
        data={[
          { value: 'SK', label: t('person.languageSK') },
          { value: 'EN', label: t('person.languageEN') },
        ]}
      />
    </>
  );
}
