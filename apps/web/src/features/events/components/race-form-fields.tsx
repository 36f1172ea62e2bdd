import { ActionIcon, Button, Checkbox, Fieldset, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DISCIPLINES, MIXED_RANKINGS, RACE_FORMATS, RACE_GENDERS, SELF_CHECK_IN_DAYS_MAX, STARTING_NUMBER_ORDERS, groupLabel, type Discipline } from '@climbing/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { DateField } from '../../../components/ui/form/date-field';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { switchDiscipline, type RaceFormValues } from '../model/race-form-values';
import { DisciplineSettingsFields } from '../../../components/ui/form/discipline-settings-fields';

interface RaceFormFieldsProps {
  form: UseFormReturnType<RaceFormValues>;
  ageCategories: readonly { id: number; name: string; fromAge: number; toAge: number | null }[];
  /** Discipline changes are refused once racers exist (their rounds were made for it). */
  disciplineLocked?: boolean;
}

/** Every input of a race: basics, dates, registration, groups, age categories, discipline settings. */
export function RaceFormFields({ form, ageCategories, disciplineLocked = false }: RaceFormFieldsProps) {
  const { t } = useTranslation();
  const field = useFieldProps(form);
  const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const groupsError = form.errors.groups;

  return (
    <Stack gap="md">
      <TextInput {...field('name')} label={t('race.name')} maxLength={200} withAsterisk required />
      <Textarea {...field('description')} label={t('race.description')} autosize minRows={2} maxLength={20_000} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          {...field('discipline')}
          label={t('race.discipline')}
          description={t('race.disciplineHint')}
          allowDeselect={false}
          disabled={disciplineLocked}
          data={options(DISCIPLINES, 'discipline')}
          onChange={(value) => value && form.setValues(switchDiscipline(form.getValues(), value as Discipline))}
        />
        <Select {...field('raceGender')} label={t('raceSettings.raceGender')} allowDeselect={false} data={options(RACE_GENDERS, 'raceGender')} />
        <Select {...field('raceFormat')} label={t('raceSettings.raceFormat')} allowDeselect={false} data={options(RACE_FORMATS, 'raceFormat')} />
      </SimpleGrid>
      {form.values.raceGender === 'MIXED' && (
        <Select
          {...field('mixedRanking')}
          label={t('race.mixedRanking')}
          description={t('race.mixedRankingHint')}
          allowDeselect={false}
          data={options(MIXED_RANKINGS, 'race.mixedRankingValue')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField {...field('startingDate')} label={t('race.startingDate')} withAsterisk required />
        <DateField {...field('endDate')} label={t('race.endDate')} withAsterisk required />
        <DateField {...field('openingRegistrationDate')} label={t('race.openingRegistrationDate')} />
        <DateField {...field('closingRegistrationDate')} label={t('race.closingRegistrationDate')} />
        <NumberInput {...field('maxRacersCount')} label={t('raceSettings.maxRacersCount')} description={t('raceSettings.maxRacersHint')} min={0} allowDecimal={false} />
        <Select {...field('startingNumberOrder')} label={t('raceSettings.startingNumberOrder')} allowDeselect={false} data={options(STARTING_NUMBER_ORDERS, 'startingNumberOrder')} />
        <NumberInput
          {...field('selfCheckInDays')}
          label={t('race.selfCheckInDays')}
          description={t('race.selfCheckInDaysHint', { max: SELF_CHECK_IN_DAYS_MAX })}
          min={0}
          max={SELF_CHECK_IN_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
        />
      </SimpleGrid>
      <MultiSelect
        {...field('ageCategoryIds')}
        label={t('race.ageCategories')}
        description={t('race.ageCategoriesHint')}
        data={ageCategories.map((category) => ({ value: String(category.id), label: `${category.name} (${category.fromAge}–${category.toAge ?? '…'})` }))}
        searchable
        clearable
      />
      <Fieldset legend={t('race.groups')}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('race.groupsHint')}
          </Text>
          {form.values.groups.map((group, index) => (
            <Group key={`${group.id}-${index}`} gap="xs" wrap="wrap" align="center">
              <Text fw={600} w={80}>
                {t('startingList.group', { name: groupLabel(index) })}
              </Text>
              <Select
                {...form.getInputProps(`groups.${index}.gender`)}
                aria-label={t('race.groupGender', { name: groupLabel(index) })}
                allowDeselect={false}
                data={options(RACE_GENDERS, 'raceGender')}
                w={140}
                size="xs"
              />
              <Checkbox {...form.getInputProps(`groups.${index}.internal`, { type: 'checkbox' })} label={t('race.groupInternal')} size="xs" />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('race.removeGroup', { name: groupLabel(index) })}
                disabled={form.values.groups.length === 1}
                onClick={() => form.removeListItem('groups', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {typeof groupsError === 'string' && (
            <Text c="red" size="sm" role="alert">
              {t(groupsError)}
            </Text>
          )}
          <Button
            variant="light"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => form.insertListItem('groups', { id: 0, gender: form.values.raceGender, internal: false })}
          >
            {t('race.addGroup')}
          </Button>
        </Stack>
      </Fieldset>
      <DisciplineSettingsFields form={form} />
    </Stack>
  );
}
