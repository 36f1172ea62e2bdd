import { Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CUP_TYPES, DISCIPLINES } from '@climbing/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { cupSettingsQuery, saveCupSettings, type CupSettings } from '../api/settings';
import { OrganizationCups } from '../../cups/components/organization-cups';
import { betweenMessage } from '../../../lib/validation-text';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** Global cup settings: the defaults of new cups (spec 9: all disciplines, public, open). */
export function CupSettingsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const settings = useQuery(cupSettingsQuery(id));
  if (settings.data === undefined) return <Text c="dimmed">{t('app.loading')}</Text>;
  return (
    <Stack gap="md">
      <OrganizationCups organizationId={id} />
      <CupSettingsForm key={settings.dataUpdatedAt} organizationId={id} settings={settings.data} />
    </Stack>
  );
}

function CupSettingsForm({ organizationId, settings }: { organizationId: number; settings: CupSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const failure = useFormFailure();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      type: settings.type ?? 'CLASSIC',
      disciplines: settings.disciplines ?? [...DISCIPLINES],
      openCup: settings.openCup ?? true,
      isPublic: settings.isPublic ?? true,
      maxCountedResults: (settings.maxCountedResults ?? '') as number | string,
      oneResultFromAllDisciplines: settings.oneResultFromAllDisciplines ?? false,
      raceLevelTieBreak: settings.raceLevelTieBreak ?? false,
    },
    validate: {
      disciplines: (value) => (value.length === 0 ? 'validation.required' : null),
      maxCountedResults: (value) => (value === '' || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1000) ? null : betweenMessage(1, 1000)),
    },
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body: CupSettings = { ...values, maxCountedResults: values.maxCountedResults === '' ? null : Number(values.maxCountedResults) };
      queryClient.setQueryData(cupSettingsQuery(organizationId).queryKey, await saveCupSettings(organizationId, body));
      notify({ type: 'success', message: t('organizationAdmin.settingsSaved') });
    } catch (error) {
      failure(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={focusingErrors(handleSubmit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('cupSettings.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select {...field('type')} label={t('cupSettings.type')} allowDeselect={false} data={CUP_TYPES.map((value) => ({ value, label: t(`cupType.${value}`) }))} />
            <NumberInput {...field('maxCountedResults')} label={t('cupSettings.maxCountedResults')} description={t('cupSettings.maxCountedResultsHint')} min={1} max={1000} allowDecimal={false} />
          </SimpleGrid>
          <Checkbox.Group {...field('disciplines')} label={t('cupSettings.disciplines')} withAsterisk>
            <Group mt="xs">
              {DISCIPLINES.map((discipline) => (
                <Checkbox key={discipline} value={discipline} label={t(`discipline.${discipline}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch {...field('openCup', { type: 'checkbox' })} label={t('cupSettings.openCup')} />
          <Switch {...field('isPublic', { type: 'checkbox' })} label={t('cupSettings.isPublic')} />
          <Switch {...field('oneResultFromAllDisciplines', { type: 'checkbox' })} label={t('cupSettings.oneResultFromAllDisciplines')} />
          <Switch {...field('raceLevelTieBreak', { type: 'checkbox' })} label={t('cupSettings.raceLevelTieBreak')} />
          <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
