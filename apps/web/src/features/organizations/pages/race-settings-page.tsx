import { Button, Fieldset, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RACE_FORMATS, RACE_GENDERS, SCORING_TYPES, STARTING_NUMBER_ORDERS } from '@climbing/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { raceSettingsQuery, saveRaceSettings, type RaceSettings } from '../api/settings';

const NUMBERS = ['numberOfQualificationBoulders', 'numberOfSemifinalBoulders', 'numberOfFinalBoulders', 'numberOfSemifinalRacers', 'numberOfFinalRacers'] as const;

/** Global race settings: the defaults copied into the organization's new races (spec 9 defaults when empty). */
export function RaceSettingsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const settings = useQuery(raceSettingsQuery(id));
  if (settings.data === undefined) return <Text c="dimmed">{t('app.loading')}</Text>;
  return <RaceSettingsForm key={settings.dataUpdatedAt} organizationId={id} settings={settings.data} />;
}

function RaceSettingsForm({ organizationId, settings }: { organizationId: number; settings: RaceSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const failure = useFormFailure();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      raceGender: settings.raceGender ?? 'MIXED',
      raceFormat: settings.raceFormat ?? 'QUALIFICATION_FINAL',
      maxRacersCount: settings.maxRacersCount ?? 0,
      startingNumberOrder: settings.startingNumberOrder ?? 'RANDOM',
      scoringType: settings.bouldering?.scoringType ?? 'TOPS_ZONES',
      ...Object.fromEntries(NUMBERS.map((name) => [name, settings.bouldering?.[name] ?? 0])),
    } as Record<string, string | number>,
    validate: Object.fromEntries(
      ['maxRacersCount', ...NUMBERS].map((name) => [name, (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? null : 'validation.sizeBetween')]),
    ),
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body: RaceSettings = {
        ...settings,
        raceGender: values.raceGender as RaceSettings['raceGender'],
        raceFormat: values.raceFormat as RaceSettings['raceFormat'],
        maxRacersCount: Number(values.maxRacersCount),
        startingNumberOrder: values.startingNumberOrder as RaceSettings['startingNumberOrder'],
        bouldering: {
          ...settings.bouldering,
          scoringType: values.scoringType as NonNullable<RaceSettings['bouldering']>['scoringType'],
          ...Object.fromEntries(NUMBERS.map((name) => [name, Number(values[name])])),
        },
      };
      queryClient.setQueryData(raceSettingsQuery(organizationId).queryKey, await saveRaceSettings(organizationId, body));
      notify({ type: 'success', message: t('organizationAdmin.settingsSaved') });
    } catch (error) {
      failure(form, error);
    } finally {
      setSaving(false);
    }
  });

  const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('raceSettings.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select {...field('raceGender')} label={t('raceSettings.raceGender')} allowDeselect={false} data={options(RACE_GENDERS, 'raceGender')} />
            <Select {...field('raceFormat')} label={t('raceSettings.raceFormat')} allowDeselect={false} data={options(RACE_FORMATS, 'raceFormat')} />
            <NumberInput {...field('maxRacersCount')} label={t('raceSettings.maxRacersCount')} description={t('raceSettings.maxRacersHint')} min={0} allowDecimal={false} />
            <Select {...field('startingNumberOrder')} label={t('raceSettings.startingNumberOrder')} allowDeselect={false} data={options(STARTING_NUMBER_ORDERS, 'startingNumberOrder')} />
          </SimpleGrid>
          <Fieldset legend={t('raceSettings.bouldering')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select {...field('scoringType')} label={t('raceSettings.scoringType')} allowDeselect={false} data={options(SCORING_TYPES, 'scoringType')} />
              {NUMBERS.map((name) => (
                <NumberInput key={name} {...field(name)} label={t(`raceSettings.${name}`)} min={0} max={1000} allowDecimal={false} />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
