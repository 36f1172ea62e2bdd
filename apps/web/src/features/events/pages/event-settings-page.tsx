import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate, useParams } from 'react-router';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { parseIdParam } from '../../../lib/race-info';
import { deleteEvent, eventQuery, updateEvent, type EventDetail } from '../api/event';
import { EventFiles } from '../components/event-files';
import { EventFormFields } from '../components/event-form-fields';
import { JudgeAccounts } from '../components/judge-accounts';
import { LoadError } from '../components/load-error';
import { eventBody, eventToValues, validateEvent, type EventFormValues } from '../model/event-form-values';
import { JUDGES_ANCHOR } from '../model/judges-anchor';
import { raceStateColor } from '../model/race-state-view';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/**
 * Event settings: its races, the judges (logins and scorecards: on race day, right below the races,
 * and a link to them at the top), the event form, poster and attachments, deletion.
 */
export function EventSettingsPage() {
  const { t } = useTranslation();
  const eventId = parseIdParam(useParams().eventId) ?? 0;
  const event = useQuery(eventQuery(eventId));
  if (event.isError) return <LoadError error={event.error} onRetry={() => void event.refetch()} />;
  if (!event.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  const data = event.data;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={`/events/${data.id}`} size="sm">
          {t('event.publicPage')}
        </Anchor>
        <Title order={1}>{data.displayName || data.name}</Title>
        <Group gap="xs" mt="xs">
          <Button component={Link} to={`/admin/events/${data.id}/desk`} size="sm" variant="light">
            {t('desk.open')}
          </Button>
          <Button component={Link} to={{ hash: JUDGES_ANCHOR }} size="sm" variant="light">
            {t('event.judges')}
          </Button>
        </Group>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3">
            {t('event.races')}
          </Title>
          <Button component={Link} to={`/admin/events/${data.id}/races/new`} size="xs">
            {t('race.add')}
          </Button>
        </Group>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.races.map((race) => (
            <Group component="li" key={race.id} justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/admin/races/${race.id}`} fw={600}>
                {race.name}
              </Anchor>
              <Group gap={4}>
                <Badge variant="light">{t(`discipline.${race.discipline}`)}</Badge>
                <Badge color={raceStateColor(race.state)}>{t(`live.raceState.${race.state}`)}</Badge>
                <Text size="sm">{t('race.racers', { count: race.racersCount })}</Text>
              </Group>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <JudgeAccounts event={data} />
      </Paper>
      <EventEditForm key={event.dataUpdatedAt} event={data} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <EventFiles event={data} />
      </Paper>
      <DeleteEvent event={data} />
    </Stack>
  );
}

function EventEditForm({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const failure = useFormFailure();
  const [saving, setSaving] = useState(false);
  const form = useForm<EventFormValues>({ mode: 'controlled', initialValues: eventToValues(event), validate: validateEvent });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      queryClient.setQueryData(eventQuery(event.id).queryKey, await updateEvent(event.id, eventBody(values)));
      notify({ type: 'success', message: t('event.saved') });
    } catch (error) {
      failure(form, error);
    } finally {
      setSaving(false);
    }
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={focusingErrors(submit)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('event.settings')}
          </Title>
          <EventFormFields form={form} />
          <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteEvent({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    setAsking(false);
    try {
      await deleteEvent(event.id);
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      notify({ type: 'success', message: t('event.deleted') });
      void navigate(`/admin/organization/${event.organizationId}/events`);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setAsking(true)} style={{ alignSelf: 'flex-start' }}>
        {t('event.delete')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('rounds.confirmTitle')}>
        <Stack>
          <Text>{t('event.deleteConfirm', { name: event.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
