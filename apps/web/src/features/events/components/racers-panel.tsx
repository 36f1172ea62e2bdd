import { Alert, Button, Chip, Group, Loader, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { canEditRoster, canRenumberAll, isRegistrationRemovable, type RegistrationState } from '@climbing/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { downloadFile } from '../../../lib/download-file';
import { todayIso } from '../../../lib/form-fields';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { organizationMembersQuery } from '../api/organization-options';
import type { Race } from '../api/race';
import {
  moveToGroup,
  raceRegistrationsQuery,
  regenerateRacerNumbers,
  registerMember,
  removeRegistration,
  setAgeCategory,
  setPresence,
  setRacerNumber,
  updateOneTimeRacer,
  type Registration,
} from '../api/registrations';
import { CategoryFilter } from './category-filter';
import { MemberProfileGaps } from './member-profile-gaps';
import { RacerDetailsDialog } from './racer-details-dialog';
import { RacersTable } from './racers-table';

/** Race management: the registered racers with their actions, adding a member, renumbering, CSV. */
export function RacersPanel({ race, organizationId }: { race: Race; organizationId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify, dismissKind } = useToast();
  const registrations = useQuery(raceRegistrationsQuery(race.id));
  const members = useQuery(organizationMembersQuery(organizationId));
  const [memberId, setMemberId] = useState<string | null>(null);
  const [addingMember, setAddingMember] = useState(false);
  const [offset, setOffset] = useState<number | string>(1);
  const [removing, setRemoving] = useState<Registration | null>(null);
  const [renumbering, setRenumbering] = useState(false);
  const [categoryFilter, setCategoryFilter] = useState<string | null>(null);
  const [duplicatesOnly, setDuplicatesOnly] = useState(false);
  const [editing, setEditing] = useState<Registration | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['races', race.id] }),
      queryClient.invalidateQueries({ queryKey: ['event', race.eventId] }),
    ]);
  /** Runs one action and tells its outcome; answers whether it succeeded. */
  const run = async (action: () => Promise<unknown>, done: string, params?: Record<string, string>): Promise<boolean> => {
    // The last action's outcome is stale now: without this a refusal waited behind the success of
    // the action before (a tester saw "The member was registered." for seconds after the next
    // member had been refused). Clearing every success also keeps this one from waiting behind an
    // older one of another page (the login's welcome).
    dismissKind('success');
    dismissKind('error');
    try {
      await action();
      notify({ type: 'success', message: t(done, params) });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    } finally {
      await refresh();
    }
  };
  const addMember = async (userId: number) => {
    setAddingMember(true);
    const added = await run(() => registerMember(race.id, userId, null), 'racers.memberAdded');
    setAddingMember(false);
    // A refused member stays picked, to be sent again after the cause is fixed.
    if (added) setMemberId((current) => (current === String(userId) ? null : current));
  };

  const editable = canEditRoster(race.state);
  const removable = isRegistrationRemovable(race, todayIso());
  const all = registrations.data ?? [];
  const byId = new Map(all.map((registration) => [registration.id, registration]));
  // Possible second entries of one person, shown next to the registration they repeat.
  const duplicates = all.filter((registration) => registration.possibleDuplicateOf !== null);
  const involved = new Set(duplicates.flatMap((registration) => [registration.id, registration.possibleDuplicateOf]));
  const shown = all.filter(
    (registration) => (categoryFilter === null || String(registration.ageCategory?.id) === categoryFilter) && (!duplicatesOnly || involved.has(registration.id)),
  );
  const csvQuery = categoryFilter === null ? '' : `?ageCategoryId=${categoryFilter}`;
  const memberOptions = (members.data ?? [])
    .filter((member) => member.state === 'ACTIVE' && !member.blocked)
    .map((member) => ({ value: String(member.userId), label: member.user.fullName }));
  const pickedMember = memberId === null ? undefined : members.data?.find((member) => String(member.userId) === memberId);

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        {registrations.isSuccess && <Text fw={600}>{t('race.racers', { count: shown.length })}</Text>}
        {race.ageCategories.length > 0 && (
          <CategoryFilter categories={race.ageCategories} value={categoryFilter} onChange={setCategoryFilter} />
        )}
        {(duplicates.length > 0 || duplicatesOnly) && (
          <Chip checked={duplicatesOnly} onChange={setDuplicatesOnly} color="orange" size="sm" data-testid="duplicates-filter">
            {t('racers.duplicatesOnly', { count: duplicates.length })}
          </Chip>
        )}
        <Button
          size="xs"
          variant="light"
          onClick={() => void downloadFile(`/api/race-registration/race/${race.id}/csv${csvQuery}`, `registrations-${race.id}.csv`, i18n.language).catch(notifyError)}
        >
          {t('racers.exportCsv')}
        </Button>
      </Group>
      {/* While the list loads (or when it failed) the race is not "empty": no count, no "nobody is registered". */}
      {registrations.isPending && <Loader role="progressbar" aria-label={t('app.loading')} />}
      {registrations.isError && (
        <Alert color="red" role="alert">
          {t('scorecard.loadFailed')}
          <Button ml="sm" size="xs" variant="light" onClick={() => void registrations.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      )}
      {/* Spec 5: after the registration period nobody is removed; a racer who does not come is marked not present. */}
      {registrations.isSuccess && editable && !removable && all.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="remove-after-period">
          {t('racers.removeAfterPeriod', { date: race.closingRegistrationDate ? formatDate(race.closingRegistrationDate, currentLanguage(i18n)) : '' })}
        </Text>
      )}
      {registrations.isSuccess && (
        <RacersTable
          registrations={shown}
          groups={race.qualificationGroups}
          ageCategories={race.ageCategories}
          categoryEditable={race.state !== 'FINISHED'}
          originalOf={(registration) => (registration.possibleDuplicateOf === null ? undefined : byId.get(registration.possibleDuplicateOf))}
          onCategory={(registration, ageCategoryId) => void run(() => setAgeCategory(registration.id, ageCategoryId), 'racers.categorySaved')}
          editable={editable}
          removable={removable}
          onMove={(registration, groupId) => void run(() => moveToGroup(registration.id, groupId), 'racers.moved')}
          onPresence={(registration, state: RegistrationState) =>
            void run(
              () => setPresence(registration.id, state),
              // Undoing a check-in takes the racer out of the starting order: the toast says so.
              state === 'PRESENT' ? 'racers.presenceConfirmed' : registration.inQualification ? 'racers.takenOut' : 'racers.markedAbsent',
              { name: registration.fullName },
            )
          }
          onNumber={(registration, racerNumber) => void run(() => setRacerNumber(registration.id, racerNumber), 'racers.numberSaved')}
          onRemove={setRemoving}
          onEdit={setEditing}
        />
      )}
      {editing && (
        <RacerDetailsDialog
          registration={editing}
          onClose={() => setEditing(null)}
          onSave={async (details) => {
            // A refusal stays in the dialog (it throws); a success closes it and says where the racer is now.
            const saved = await updateOneTimeRacer(editing.id, details);
            setEditing(null);
            dismissKind('success');
            notify({ type: 'success', message: t(saved.qualificationGroupId !== editing.qualificationGroupId ? 'racers.detailsSavedMoved' : 'racers.detailsSaved', { name: saved.fullName, group: saved.qualificationGroupName ?? '' }) });
            await refresh();
          }}
        />
      )}
      {editable && (
        <Stack gap="xs">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select label={t('racers.addMember')} placeholder={t('racers.chooseMember')} searchable clearable data={memberOptions} value={memberId} onChange={setMemberId} w={260} />
            <Button disabled={memberId === null} loading={addingMember} onClick={() => void addMember(Number(memberId))}>
              {t('racers.add')}
            </Button>
          </Group>
          <MemberProfileGaps race={race} member={pickedMember?.user} />
        </Stack>
      )}
      {/* Once the qualification has started judges find racers by number: one number may change, not all. */}
      {canRenumberAll(race.state) && (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NumberInput label={t('racers.offset')} description={t('racers.offsetHint')} value={offset} onChange={setOffset} min={1} max={100_000} allowDecimal={false} w={200} />
          <Button variant="light" disabled={(registrations.data?.length ?? 0) === 0} onClick={() => setRenumbering(true)}>
            {t('racers.regenerateNumbers')}
          </Button>
        </Group>
      )}
      <Modal opened={renumbering} onClose={() => setRenumbering(false)} title={t('racers.regenerateNumbers')}>
        <Stack>
          <Text>{t('racers.renumberConfirm', { count: registrations.data?.length ?? 0, first: Number(offset) || 1 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRenumbering(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                setRenumbering(false);
                void run(() => regenerateRacerNumbers(race.id, Number(offset) || 1), 'racers.renumbered');
              }}
            >
              {t('racers.regenerateNumbers')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('rounds.confirmTitle')}>
        <Stack>
          <Text>{t('racers.removeConfirm', { name: removing?.fullName ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const registration = removing;
                setRemoving(null);
                if (registration) void run(() => removeRegistration(registration.id), 'racers.removed');
              }}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
