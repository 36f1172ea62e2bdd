import { Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useParams } from 'react-router';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { parseIdParam } from '../../../lib/race-info';
import { eventQuery } from '../api/event';
import { organizationAgeCategoriesQuery } from '../api/organization-options';
import { createRace } from '../api/race';
import { LoadError } from '../components/load-error';
import { RaceFormFields } from '../components/race-form-fields';
import { newRaceValues, raceBody, validateRace, type RaceFormValues } from '../model/race-form-values';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** Race creation inside an event (all three disciplines). */
export function NewRacePage() {
  const eventId = parseIdParam(useParams().eventId) ?? 0;
  const event = useQuery(eventQuery(eventId));
  if (event.isError) return <LoadError error={event.error} onRetry={() => void event.refetch()} />;
  if (!event.data) return null;
  return <NewRaceForm eventId={eventId} organizationId={event.data.organizationId} startingDate={event.data.startingDate} closingDate={event.data.closingDate} />;
}

function NewRaceForm({ eventId, organizationId, startingDate, closingDate }: { eventId: number; organizationId: number; startingDate: string; closingDate: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const failure = useFormFailure();
  const ageCategories = useQuery(organizationAgeCategoriesQuery(organizationId));
  const [saving, setSaving] = useState(false);
  const form = useForm<RaceFormValues>({ mode: 'controlled', initialValues: newRaceValues(startingDate, closingDate), validate: validateRace });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const race = await createRace(eventId, raceBody(values));
      void queryClient.invalidateQueries({ queryKey: ['event', eventId] });
      notify({ type: 'success', message: t('race.created') });
      void navigate(`/admin/races/${race.id}`);
    } catch (error) {
      failure(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(submit)} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('race.newTitle')}</Title>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <RaceFormFields form={form} ageCategories={ageCategories.data ?? []} />
        </Paper>
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t('race.create')}
        </Button>
      </Stack>
    </form>
  );
}
