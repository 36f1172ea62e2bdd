import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { organizationAgeCategoriesQuery } from '../api/organization-options';
import { deleteRace, duplicateRace, updateRace, type Race } from '../api/race';
import { raceBody, raceToValues, validateRace, type RaceFormValues } from '../model/race-form-values';
import { RaceFormFields } from './race-form-fields';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/** Race settings on race management: edit, duplicate, delete. */
export function RaceEditForm({ race, organizationId }: { race: Race; organizationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const failure = useFormFailure();
  const ageCategories = useQuery(organizationAgeCategoriesQuery(organizationId));
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<RaceFormValues>({ mode: 'controlled', initialValues: raceToValues(race), validate: validateRace });

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      queryClient.setQueryData(['races', race.id], await updateRace(race.id, raceBody(values)));
      void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
      notify({ type: 'success', message: t('race.saved') });
    } catch (error) {
      failure(form, error);
    } finally {
      setSaving(false);
    }
  });

  const duplicate = async () => {
    try {
      const copy = await duplicateRace(race.id);
      void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
      notify({ type: 'success', message: t('race.duplicated') });
      void navigate(`/admin/races/${copy.id}?tab=settings`);
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await deleteRace(race.id);
      void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
      notify({ type: 'success', message: t('race.deleted') });
      void navigate(`/admin/events/${race.eventId}`);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={focusingErrors(save)} noValidate>
        <Stack gap="md">
          <RaceFormFields form={form} ageCategories={ageCategories.data ?? []} disciplineLocked={race.racersCount > 0} />
          <Group gap="xs">
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
            <Button variant="light" onClick={() => void duplicate()}>
              {t('race.duplicate')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
              {t('race.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('rounds.confirmTitle')}>
        <Stack>
          <Text>{t('race.deleteConfirm', { name: race.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
