import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { parseIdParam } from '../../../lib/race-info';
import { createEvent } from '../api/event';
import { organizationAgeCategoriesQuery } from '../api/organization-options';
import { EventFormFields } from '../components/event-form-fields';
import { RaceFormFields } from '../components/race-form-fields';
import { eventBody, newEventValues, validateEvent, type EventFormValues } from '../model/event-form-values';
import { newRaceValues, raceBody, validateRace, type RaceFormValues } from '../model/race-form-values';

/** Event creation: the event and its first race (an event needs at least one race), sent together. */
export function NewEventPage() {
  const { t } = useTranslation();
  const organizationId = parseIdParam(useParams().organizationId) ?? 0;
  const navigate = useNavigate();
  const { notify } = useToast();
  const failure = useFormFailure();
  const ageCategories = useQuery(organizationAgeCategoriesQuery(organizationId));
  const [saving, setSaving] = useState(false);
  const eventForm = useForm<EventFormValues>({ mode: 'controlled', initialValues: newEventValues(), validate: validateEvent });
  const raceForm = useForm<RaceFormValues>({ mode: 'controlled', initialValues: newRaceValues(), validate: validateRace });

  // The first race takes the event's dates until the organiser sets its own.
  const syncDates = () => {
    const { startingDate, closingDate } = eventForm.getValues();
    if (!raceForm.getValues().startingDate && startingDate) raceForm.setFieldValue('startingDate', startingDate);
    if (!raceForm.getValues().endDate && (closingDate ?? startingDate)) raceForm.setFieldValue('endDate', closingDate ?? startingDate);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    syncDates();
    const eventInvalid = eventForm.validate().hasErrors;
    if (raceForm.validate().hasErrors || eventInvalid) return;
    setSaving(true);
    try {
      const created = await createEvent(organizationId, eventBody(eventForm.getValues()), raceBody(raceForm.getValues()));
      notify({ type: 'success', message: t('event.created') });
      void navigate(`/admin/events/${created.id}`);
    } catch (error) {
      failure(eventForm, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('event.newTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('event.newIntro')}
        </Text>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" onBlur={syncDates}>
          <EventFormFields form={eventForm} />
        </Paper>
        <Title order={2}>{t('event.firstRace')}</Title>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <RaceFormFields form={raceForm} ageCategories={ageCategories.data ?? []} />
        </Paper>
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t('event.create')}
        </Button>
      </Stack>
    </form>
  );
}
