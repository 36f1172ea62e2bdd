import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate } from 'react-router';
import { useLiveRaces } from '../api/live-races';
import classes from './live-list-page.module.css';
import wrapping from '../../../components/ui/wrapping/wrapping-button.module.css';

/** /live — races running now in public events; one opens its live page, several rotate on a big screen. */
export function LiveListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const races = useLiveRaces();
  const [chosen, setChosen] = useState<number[]>([]);

  const toggle = (id: number, checked: boolean) => setChosen((current) => (checked ? [...current, id] : current.filter((value) => value !== id)));
  const showChosen = () => {
    const [first, ...rest] = chosen;
    if (first === undefined) return;
    void navigate(`/live/race/${first}?races=${rest.join(',')}&rotate=15&large=1`);
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('live.title')}</Title>
      {races.isPending && <Loader mx="auto" role="progressbar" aria-label={t('app.loading')} />}
      {races.isError && (
        <Alert color="red" role="alert">
          {t('live.loadFailed')}
          <Button ml="sm" size="xs" variant="light" onClick={() => void races.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      )}
      {races.isSuccess && races.data.length === 0 && <Text c="dimmed">{t('live.empty')}</Text>}
      {races.isSuccess && races.data.length > 0 && (
        <>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {races.data.map((race) => (
              <Card key={race.id} withBorder component="li" padding="sm">
                <div className={classes.card}>
                  <div className={classes.about}>
                    <Anchor component={Link} to={`/live/race/${race.id}`} fw={700} size="lg">
                      {race.name}
                    </Anchor>
                    <Text size="sm">{race.eventDisplayName ?? race.eventName}</Text>
                    <Text size="sm" c="dimmed">
                      {[race.organizationName, race.city, t('live.racers', { count: race.racerCount })].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                  <div className={classes.choice}>
                    <Badge variant="light">{t(`live.raceState.${race.state}`, { defaultValue: race.state })}</Badge>
                    <Checkbox
                      classNames={{ body: classes.checkboxBody, label: classes.checkboxLabel }}
                      label={t('live.choose')}
                      checked={chosen.includes(race.id)}
                      onChange={(event) => toggle(race.id, event.currentTarget.checked)}
                    />
                  </div>
                </div>
              </Card>
            ))}
          </Stack>
          <Group>
            <Button onClick={showChosen} disabled={chosen.length === 0} classNames={{ root: wrapping.root, label: wrapping.label }}>
              {chosen.length === 0 ? t('live.showChosenNone') : t('live.showChosen', { count: chosen.length })}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
