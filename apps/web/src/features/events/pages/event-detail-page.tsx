import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { OrganizationLogos } from '../../../components/ui/organization-logos';
import { todayIso } from '../../../lib/form-fields';
import { parseIdParam } from '../../../lib/race-info';
import { useSession } from '../../auth/hooks/use-session';
import { eventQuery } from '../api/event';
import { ownRegistrationsQuery } from '../api/registrations';
import type { Race } from '../api/race';
import { EventAbout } from '../components/event-about';
import { judgesPath } from '../model/judges-anchor';
import { raceTakesRegistrations } from '../model/takes-registrations';
import { LoadError } from '../components/load-error';
import { RaceCard } from '../components/race-card';
import { RegistrationDialog } from '../components/registration-dialog';

/** Event detail: about, poster, attachments, races with registration and starting lists. */
export function EventDetailPage() {
  const { t } = useTranslation();
  const eventId = parseIdParam(useParams().eventId) ?? 0;
  const event = useQuery(eventQuery(eventId));
  const { user, loading } = useSession();
  // The viewer's own registrations (the racer's board reads the same): a registered race says so.
  const mine = useQuery(ownRegistrationsQuery(user?.id));
  const [chosen, setChosen] = useState<Race | null>(null);
  const [params, setParams] = useSearchParams();

  if (event.isError) return <LoadError error={event.error} onRetry={() => void event.refetch()} />;
  if (!event.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  const data = event.data;
  const canRegister = (race: Race) => raceTakesRegistrations(data, race, todayIso());
  // `?register=<raceId>`: back from logging in or signing up in the race's registration dialog, which opens again.
  const asked = parseIdParam(params.get('register') ?? undefined);
  const myRegistrationOf = (race: Race) => mine.data?.find((registration) => registration.race.id === race.id) ?? null;
  const returning = loading ? undefined : data.races.find((race) => race.id === asked && canRegister(race));
  const registeringTo = chosen ?? returning ?? null;
  const closeRegistration = () => {
    setChosen(null);
    if (params.has('register')) {
      const rest = new URLSearchParams(params);
      rest.delete('register');
      setParams(rest, { replace: true });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="center">
          <OrganizationLogos logo={data.organization.logo} name={data.organization.name} height={56} />
          <div>
            <Text size="sm" c="dimmed">
              {data.organization.name}
            </Text>
            <Title order={1}>{data.displayName || data.name}</Title>
          </div>
        </Group>
        {data.canManage && (
          <Group gap="xs">
            <Button component={Link} to={`/admin/events/${data.id}`} variant="light">
              {t('event.settings')}
            </Button>
            {/* Race day: the judges' logins, cards and scorecard QR codes, one tap from the event page. */}
            <Button component={Link} to={judgesPath(data.id)} variant="light">
              {t('event.judges')}
            </Button>
          </Group>
        )}
      </Group>
      <EventAbout event={data} />
      <Title order={2}>{t('event.races')}</Title>
      {data.races.length === 0 && <Text c="dimmed">{t('event.noRaces')}</Text>}
      {data.races.map((race) => (
        <RaceCard
          key={race.id}
          race={race}
          canManage={data.canManage}
          canScore={data.canScore}
          canRegister={canRegister(race)}
          onRegister={() => setChosen(race)}
          myRegistration={myRegistrationOf(race)}
        />
      ))}
      {registeringTo && (
        <RegistrationDialog race={registeringTo} user={user} allowedUnregisteredUsers={data.allowedUnregisteredUsers} onClose={closeRegistration} />
      )}
    </Stack>
  );
}
