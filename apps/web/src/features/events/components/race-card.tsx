import { Alert, Anchor, Badge, Button, Card, Collapse, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import type { Race } from '../api/race';
import { startingListQuery } from '../api/starting-list';
import { isLiveState, raceStateColor } from '../model/race-state-view';
import { StartingListTables } from './starting-list-tables';

interface RaceCardProps {
  race: Race;
  canManage: boolean;
  /** The caller enters scores (a judge of the organisation): the card links the scorecard. */
  canScore: boolean;
  /** Registration is possible now (event online registration and the race open). */
  canRegister: boolean;
  onRegister: () => void;
  /** The logged-in viewer's own registration for this race, if any: shown instead of the register button. */
  myRegistration?: { racerNumber: number; qualificationGroupName: string | null } | null;
}

/** One race of the event detail: state, discipline, gender, registration period, racers and the links. */
export function RaceCard({ race, canManage, canScore, canRegister, onRegister, myRegistration = null }: RaceCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [showList, setShowList] = useState(false);
  const list = useQuery({ ...startingListQuery(race.id), enabled: showList });
  const period =
    race.openingRegistrationDate && race.closingRegistrationDate
      ? t('race.registrationPeriod', { from: formatDate(race.openingRegistrationDate, language), to: formatDate(race.closingRegistrationDate, language) })
      : null;

  return (
    <Card component="article" withBorder radius="md" padding="md" aria-label={race.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {race.name}
          </Title>
          <Badge color={raceStateColor(race.state)}>{t(`live.raceState.${race.state}`)}</Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="light">{t(`discipline.${race.discipline}`)}</Badge>
          <Badge variant="light" color="grape">
            {t(`raceGender.${race.raceGender}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {formatDate(race.startingDate, language)}
          </Text>
        </Group>
        {period && <Text size="sm">{period}</Text>}
        <Text size="sm">
          {race.maxRacersCount > 0
            ? t('race.racersOfMax', { count: race.racersCount, max: race.maxRacersCount })
            : t('race.racers', { count: race.racersCount })}
        </Text>
        {race.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {race.description}
          </Text>
        )}
        {myRegistration && (
          <Alert color="green" variant="light" title={t('registration.youAreRegistered')} data-testid="my-registration">
            <Stack gap={4}>
              <Text size="sm">
                {myRegistration.qualificationGroupName
                  ? t('registration.yourNumberAndGroup', { number: myRegistration.racerNumber, group: myRegistration.qualificationGroupName })
                  : t('registration.yourNumber', { number: myRegistration.racerNumber })}
              </Text>
              <Anchor component={Link} to="/my-board" size="sm" fw={600}>
                {t('registration.toMyBoard')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <Group gap="xs">
          {canRegister && !myRegistration && <Button onClick={onRegister}>{t('registration.register')}</Button>}
          <Button variant="light" onClick={() => setShowList((shown) => !shown)} aria-expanded={showList}>
            {t(showList ? 'startingList.hide' : 'startingList.show')}
          </Button>
          <Button component={Link} to={`/races/${race.id}/starting-list`} variant="subtle">
            {t('startingList.print')}
          </Button>
          <Button component={Link} to={`/races/${race.id}/results`} variant="subtle">
            {t('race.results')}
          </Button>
          {isLiveState(race.state) && (
            <Button component={Link} to={`/live/race/${race.id}`} variant="subtle" color="red">
              {t('live.nav')}
            </Button>
          )}
        </Group>
        {(canManage || canScore) && (
          <Group gap="xs">
            {canManage && (
              <Button component={Link} to={`/admin/races/${race.id}`} size="xs" variant="outline">
                {t('race.manage')}
              </Button>
            )}
            <Button component={Link} to={`/races/${race.id}/scorecard`} size={canManage ? 'xs' : 'md'} variant={canManage ? 'outline' : 'filled'}>
              {t('scorecard.title')}
            </Button>
            {canManage && (
              <Button component={Link} to={`/admin/races/${race.id}/rounds`} size="xs" variant="outline">
                {t('rounds.title')}
              </Button>
            )}
          </Group>
        )}
        <Collapse expanded={showList}>
          {list.isPending && showList && <Loader size="sm" role="progressbar" aria-label={t('app.loading')} />}
          {list.data && <StartingListTables list={list.data} />}
        </Collapse>
      </Stack>
    </Card>
  );
}
