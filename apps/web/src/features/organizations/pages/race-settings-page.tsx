import { Button, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  RACE_FORMATS,
  RACE_GENDERS,
  STARTING_NUMBER_ORDERS,
  defaultBoulderingSettings,
  defaultLeadSettings,
  defaultSpeedSettings,
  type BoulderingSettings,
  type LeadSettings,
  type RaceFormat,
  type RaceGender,
  type SpeedSettings,
  type StartingNumberOrder,
} from '@climbing/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { DisciplineSettingsFields } from '../../../components/ui/form/discipline-settings-fields';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { raceSettingsQuery, saveRaceSettings, type RaceSettings } from '../api/settings';
import { betweenMessage } from '../../../lib/validation-text';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

interface RaceSettingsValues {
  [key: string]: unknown;
  raceGender: RaceGender;
  raceFormat: RaceFormat;
  maxRacersCount: number;
  startingNumberOrder: StartingNumberOrder;
  bouldering: BoulderingSettings;
  lead: LeadSettings;
  speed: SpeedSettings;
}

/** Lead and speed keep their own race format here; bouldering follows the common one. */
const OWN_FORMAT = ['lead', 'speed'] as const;

const wholeNumber = (max: number) => (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? null : betweenMessage(0, max);
const advancingRules = {
  numberOfSemifinalRacers: wholeNumber(1000),
  numberOfFinalRacers: wholeNumber(1000),
  minAdvancingMembersSemifinals: wholeNumber(1000),
  minAdvancingOrgCountrySemifinals: wholeNumber(1000),
  minAdvancingMembersFinals: wholeNumber(1000),
  minAdvancingOrgCountryFinals: wholeNumber(1000),
};
// The server's limits (apps/server/src/features/organizations/organization-schemas.ts).
const rules = {
  maxRacersCount: wholeNumber(100_000),
  bouldering: { ...advancingRules, numberOfQualificationBoulders: wholeNumber(100), numberOfSemifinalBoulders: wholeNumber(100), numberOfFinalBoulders: wholeNumber(100) },
  lead: { ...advancingRules, numberOfQualificationRoutes: wholeNumber(100) },
  speed: { numberOfRoutes: wholeNumber(100), numberOfAttempts: wholeNumber(100), numberOfFinalRacers: wholeNumber(1000) },
};

/** Stored (possibly partial) settings over the spec defaults: what a new race of the organization gets. */
const toValues = (settings: RaceSettings): RaceSettingsValues => ({
  raceGender: settings.raceGender ?? 'MIXED',
  raceFormat: settings.raceFormat ?? settings.bouldering?.raceFormat ?? 'QUALIFICATION_FINAL',
  maxRacersCount: settings.maxRacersCount ?? 0,
  startingNumberOrder: settings.startingNumberOrder ?? 'RANDOM',
  bouldering: { ...defaultBoulderingSettings(), ...settings.bouldering },
  lead: { ...defaultLeadSettings(), ...settings.lead },
  speed: { ...defaultSpeedSettings(), ...settings.speed },
});

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
  const form = useForm<RaceSettingsValues>({ mode: 'controlled', initialValues: toValues(settings), validate: rules });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body: RaceSettings = {
        ...settings,
        raceGender: values.raceGender,
        raceFormat: values.raceFormat,
        maxRacersCount: values.maxRacersCount,
        startingNumberOrder: values.startingNumberOrder,
        // The server prefers a discipline's own format over the common one: bouldering follows the common one.
        bouldering: { ...settings.bouldering, ...values.bouldering, raceFormat: values.raceFormat },
        lead: { ...settings.lead, ...values.lead },
        speed: { ...settings.speed, ...values.speed },
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
      <form onSubmit={focusingErrors(handleSubmit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('raceSettings.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select {...field('raceGender')} label={t('raceSettings.raceGender')} allowDeselect={false} data={options(RACE_GENDERS, 'raceGender')} />
            <Select
              {...field('raceFormat')}
              label={t('raceSettings.raceFormat')}
              description={t('raceSettings.raceFormatHint')}
              allowDeselect={false}
              data={options(RACE_FORMATS, 'raceFormat')}
            />
            <NumberInput {...field('maxRacersCount')} label={t('raceSettings.maxRacersCount')} description={t('raceSettings.maxRacersHint')} min={0} allowDecimal={false} />
            <Select {...field('startingNumberOrder')} label={t('raceSettings.startingNumberOrder')} allowDeselect={false} data={options(STARTING_NUMBER_ORDERS, 'startingNumberOrder')} />
          </SimpleGrid>
          <DisciplineSettingsFields form={form} ownFormat={OWN_FORMAT} />
          <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
