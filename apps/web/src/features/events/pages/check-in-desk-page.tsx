import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput, Title, useMatches } from '@mantine/core';
import { IconQrcode, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationState } from '@climbing/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { parseIdParam } from '../../../lib/race-info';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { ApiError } from '../../../lib/api-error';
import { eventQuery } from '../api/event';
import type { Race } from '../api/race';
import { checkInByCode, checkInGroup, moveToGroup, raceRegistrationsQuery, setPresence, type Registration } from '../api/registrations';
import { DeskGroupCards } from '../components/desk-group-cards';
import { DeskRacerList } from '../components/desk-racer-list';
import { DeskWalkInDialog } from '../components/desk-walk-in-dialog';
import { LoadError } from '../components/load-error';
import { QrScanDialog, type ScanOutcome } from '../components/qr-scan-dialog';
import classes from '../components/desk.module.css';
import { searchDesk } from '../model/check-in-desk';

/** The race a code is of, when the desk scanned the code of another race of the event (CHECK_IN_CODE_OTHER_RACE). */
function otherRaceOf(error: unknown): { raceId: number; raceName: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'CHECK_IN_CODE_OTHER_RACE' || error.details === null || typeof error.details !== 'object') return null;
  const { raceId, raceName } = error.details as Record<string, unknown>;
  return typeof raceId === 'number' && typeof raceName === 'string' ? { raceId, raceName } : null;
}

/** /admin/events/:eventId/desk — the check-in desk on race day, made for a tablet (768x1024). */
export function CheckInDeskPage() {
  const { t } = useTranslation();
  const eventId = parseIdParam(useParams().eventId) ?? 0;
  const event = useQuery(eventQuery(eventId));
  const [params, setParams] = useSearchParams();
  // The races' names one under another on a phone: side by side they would run off a 360 px screen.
  const raceSwitchOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });
  if (event.isError) return <LoadError error={event.error} onRetry={() => void event.refetch()} />;
  if (!event.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  const races = event.data.races;
  const race = races.find((candidate) => String(candidate.id) === params.get('race')) ?? races[0];
  return (
    <Stack gap="md" className={classes.desk}>
      <div>
        <Anchor component={Link} to={`/admin/events/${event.data.id}`} size="sm">
          {t('desk.backToEvent')}
        </Anchor>
        <Title order={1}>{t('desk.title', { event: event.data.displayName || event.data.name })}</Title>
      </div>
      {races.length > 1 && (
        <SegmentedControl
          aria-label={t('desk.race')}
          orientation={raceSwitchOrientation}
          fullWidth={raceSwitchOrientation === 'vertical'}
          value={String(race?.id ?? '')}
          onChange={(value) => setParams({ race: value }, { replace: true })}
          data={races.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        />
      )}
      {race ? <RaceDesk key={race.id} race={race} organizationId={event.data.organizationId} /> : <Alert color="yellow">{t('desk.noRace')}</Alert>}
    </Stack>
  );
}

function RaceDesk({ race, organizationId }: { race: Race; organizationId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const registrations = useQuery(raceRegistrationsQuery(race.id));
  const [query, setQuery] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const [busyGroupId, setBusyGroupId] = useState<number | null>(null);
  const [scanning, setScanning] = useState(false);
  const [walkIn, setWalkIn] = useState(false);
  // The latest check-in in words, read out by screen readers; a toast per tap would pile up at the desk.
  const [status, setStatus] = useState('');
  const list = useMemo(() => registrations.data ?? [], [registrations.data]);
  const found = useMemo(() => searchDesk(list, query), [list, query]);

  /** Puts the server's answer into the list at once; group moves and new racers refetch. */
  const applyAnswer = useCallback(
    (registration: Registration) =>
      queryClient.setQueryData(raceRegistrationsQuery(race.id).queryKey, (current) => {
        if (!current) return current;
        return current.some((row) => row.id === registration.id) ? current.map((row) => (row.id === registration.id ? registration : row)) : [...current, registration];
      }),
    [queryClient, race.id],
  );
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['races', race.id] }), queryClient.invalidateQueries({ queryKey: ['event', race.eventId] })]);

  const mark = async (registration: Registration, state: RegistrationState) => {
    setBusyId(registration.id);
    try {
      applyAnswer(await setPresence(registration.id, state));
      // Undoing a late check-in takes the racer out of the group's starting order: the status says so.
      const done = state === 'PRESENT' ? 'desk.checkedIn' : registration.inQualification ? 'desk.takenOut' : 'desk.markedAbsent';
      setStatus(t(done, { name: registration.fullName, number: registration.racerNumber }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusyId(null);
    }
  };

  const move = async (registration: Registration, groupId: number) => {
    const group = race.qualificationGroups.find((candidate) => candidate.id === groupId);
    if (!group || groupId === registration.qualificationGroupId) return;
    setBusyId(registration.id);
    try {
      await moveToGroup(registration.id, groupId);
      setStatus(t('desk.moved', { name: registration.fullName, number: registration.racerNumber, group: group.name }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusyId(null);
      // The group's counts and the racer's row come from the server.
      await Promise.all([queryClient.invalidateQueries({ queryKey: raceRegistrationsQuery(race.id).queryKey }), refresh()]);
    }
  };

  const markAll = async (groupId: number, name: string) => {
    setBusyGroupId(groupId);
    try {
      const { checkedIn } = await checkInGroup(groupId);
      notify({ type: 'success', message: t('desk.groupMarked', { count: checkedIn, name }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusyGroupId(null);
      await refresh();
    }
  };

  /** A code scanned or typed in the dialog: the answer goes back to the dialog, which shows it (a toast covered its title). */
  const scanned = useCallback(
    async (code: string): Promise<ScanOutcome> => {
      try {
        const { alreadyPresent, registration } = await checkInByCode(race.id, code);
        applyAnswer(registration);
        const message = t(alreadyPresent ? 'desk.alreadyCheckedIn' : 'desk.checkedIn', { name: registration.fullName, number: registration.racerNumber });
        setStatus(message);
        return { ok: true, message };
      } catch (error) {
        // A racer in two races of the event has a code for each: the one shown checks them in to its own race, whichever race the desk shows.
        const other = otherRaceOf(error);
        if (other === null) return { ok: false, message: translateError(error, currentLanguage(i18n), t) };
        try {
          const { alreadyPresent, registration } = await checkInByCode(other.raceId, code);
          await queryClient.invalidateQueries({ queryKey: ['races', other.raceId] });
          const message = t(alreadyPresent ? 'desk.alreadyCheckedInOtherRace' : 'desk.checkedInOtherRace', { name: registration.fullName, number: registration.racerNumber, race: other.raceName });
          setStatus(message);
          return { ok: true, message };
        } catch (again) {
          return { ok: false, message: translateError(again, currentLanguage(i18n), t) };
        }
      }
    },
    [race.id, applyAnswer, t, i18n, queryClient],
  );

  const registered = async (registration: Registration) => {
    setWalkIn(false);
    applyAnswer(registration);
    const message = t('desk.walkInRegistered', { name: registration.fullName, number: registration.racerNumber });
    notify({ type: 'success', message });
    // The status line says the latest check-in: a walk-in is one (it named the racer before).
    setStatus(message);
    setQuery(String(registration.racerNumber));
    await refresh();
  };

  if (registrations.isError) return <LoadError error={registrations.error} onRetry={() => void registrations.refetch()} />;
  return (
    <Stack gap="md">
      <DeskGroupCards race={race} registrations={list} busyGroupId={busyGroupId} onMarkAll={(groupId, name) => void markAll(groupId, name)} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('desk.search')}
          placeholder={t('desk.searchPlaceholder')}
          leftSection={<IconSearch size={18} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          size="md"
          type="search"
          autoComplete="off"
          maxLength={100}
          style={{ flex: '1 1 260px' }}
          data-autofocus
        />
        <Button size="md" variant="light" leftSection={<IconQrcode size={20} />} onClick={() => setScanning(true)}>
          {t('desk.scan')}
        </Button>
        <Button size="md" leftSection={<IconUserPlus size={20} />} onClick={() => setWalkIn(true)}>
          {t('desk.walkIn')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="desk-status" mih={20}>
        {status}
      </Text>
      {registrations.isPending ? <Text c="dimmed">{t('app.loading')}</Text> : <DeskRacerList race={race} registrations={found} busyId={busyId} onPresence={(registration, state) => void mark(registration, state)} onMove={(registration, groupId) => void move(registration, groupId)} />}
      <QrScanDialog opened={scanning} onClose={() => setScanning(false)} onCode={scanned} />
      <DeskWalkInDialog race={race} organizationId={organizationId} opened={walkIn} onClose={() => setWalkIn(false)} onRegistered={registered} />
    </Stack>
  );
}
