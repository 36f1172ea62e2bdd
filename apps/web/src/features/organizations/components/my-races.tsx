import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { canEditRegistration, type RaceState } from '@climbing/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { isLiveState } from '../../events/model/race-state-view';
import { myRegistrationsQuery, withdrawRegistration, type MyRegistration } from '../api/my-registrations';
import { LoadFailure } from './load-failure';
import { MyRaceCheckIn } from './my-race-check-in';

/** The event as the board names it: its short name where the organiser gave one ("VC Bratislavy 2026"). */
const eventNameOf = (registration: MyRegistration): string => registration.race.eventDisplayName || registration.race.eventName;

/**
 * The racer's own standing in a race beside the race's state: registered, confirmed present, or
 * marked not present (by the desk or by themselves), which takes them out of the starting order.
 */
function MyStatusBadge({ state }: { state: MyRegistration['state'] }) {
  const { t } = useTranslation();
  if (state === 'PRESENT') return <Badge color="green" variant="light">{t('myBoard.present')}</Badge>;
  if (state === 'NOT_PRESENT') return <Badge color="red" variant="light">{t('myBoard.notPresent')}</Badge>;
  return <Badge variant="light">{t('myBoard.registered')}</Badge>;
}

/** My board: planned and finished races of the logged-in racer, withdrawing while registration may change. */
export function MyRaces({ userId }: { userId: number | string | undefined }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const registrations = useQuery(myRegistrationsQuery(userId));
  const planned = (registrations.data ?? []).filter((registration) => registration.race.state !== 'FINISHED');
  const finished = (registrations.data ?? []).filter((registration) => registration.race.state === 'FINISHED');

  const [withdrawing, setWithdrawing] = useState<MyRegistration | null>(null);
  const [busy, setBusy] = useState(false);

  /** Withdrawing is asked first, naming the race: it is not the account's "log out". */
  const withdraw = async (registration: MyRegistration) => {
    setBusy(true);
    try {
      await withdrawRegistration(registration.id);
      notify({ type: 'success', message: t('myBoard.withdrawn', { race: registration.race.name }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setWithdrawing(null);
    }
    await queryClient.invalidateQueries({ queryKey: ['my-registrations'] });
  };

  const row = (registration: MyRegistration, canWithdraw: boolean) => (
    <Group component="li" key={registration.id} justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Anchor component={Link} to={`/events/${registration.race.eventId}`} fw={600}>
          {eventNameOf(registration)}
        </Anchor>
        <Text size="sm">
          {registration.race.name} · {formatDate(registration.race.startingDate, currentLanguage(i18n))} · {t('myBoard.racerNumber', { number: registration.racerNumber })}
          {registration.qualificationGroupName && ` · ${t('myBoard.group', { name: registration.qualificationGroupName })}`}
        </Text>
        {canWithdraw && registration.state === 'NOT_PRESENT' && (
          <Text size="sm" c="red.8">
            {t(registration.selfCheckInOpen ? 'myBoard.notPresentConfirmHint' : 'myBoard.notPresentDeskHint')}
          </Text>
        )}
      </div>
      <Group gap={4}>
        {canWithdraw && <MyStatusBadge state={registration.state} />}
        <Badge variant="outline" color="gray">
          {t('myBoard.raceState', { state: t(`live.raceState.${registration.race.state}`) })}
        </Badge>
        {canWithdraw && <MyRaceCheckIn registration={registration} />}
        {/* While the race runs its results page does not update: the board opens the live results instead. */}
        {isLiveState(registration.race.state as RaceState) ? (
          <Button component={Link} to={`/live/race/${registration.race.id}`} size="xs" variant="subtle" color="red">
            {t('live.title')}
          </Button>
        ) : (
          <Button component={Link} to={`/races/${registration.race.id}/results`} size="xs" variant="subtle">
            {t('race.results')}
          </Button>
        )}
        {canWithdraw && canEditRegistration(registration.race.state as RaceState) && !registration.inQualification && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setWithdrawing(registration)}>
            {t('myBoard.withdraw')}
          </Button>
        )}
      </Group>
    </Group>
  );

  const list = (items: MyRegistration[], empty: string, canWithdraw: boolean) =>
    items.length === 0 ? (
      <Text c="dimmed">{t(empty)}</Text>
    ) : (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((registration) => row(registration, canWithdraw))}
      </Stack>
    );

  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h3" mb="sm">
          {t('myBoard.plannedRaces')}
        </Title>
        {registrations.isError && <LoadFailure error={registrations.error} onRetry={() => void registrations.refetch()} />}
        {list(planned, 'myBoard.noPlannedRaces', true)}
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h3" mb="sm">
          {t('myBoard.finishedRaces')}
        </Title>
        {list(finished, 'myBoard.noFinishedRaces', false)}
      </Paper>
      <Modal opened={withdrawing !== null} onClose={() => setWithdrawing(null)} title={t('myBoard.withdrawTitle')}>
        {withdrawing && (
          <Stack>
            <Text>{t('myBoard.withdrawConfirm', { race: withdrawing.race.name, event: eventNameOf(withdrawing) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setWithdrawing(null)}>
                {t('myBoard.withdrawKeep')}
              </Button>
              <Button color="red" loading={busy} onClick={() => void withdraw(withdrawing)}>
                {t('myBoard.withdraw')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
