import { Button, EmptyState, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconTrophyOff } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { CUP_PERIODS, useCups, type CupPeriod } from '../api/get-cups';
import { CupList } from '../components/cup-list';

export function CupsPage({ period }: { period: CupPeriod }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cups = useCups(period);

  return (
    <Stack gap="md">
      <Title order={1}>{t('cups.title')}</Title>
      <Tabs value={period} onChange={(value) => value && void navigate(`/cups/${value}`)}>
        <Tabs.List aria-label={t('cups.periodLabel')}>
          {CUP_PERIODS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`cups.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {cups.isPending && <Loader role="progressbar" aria-label={t('app.loading')} mx="auto" />}

      {cups.isError && (
        <EmptyState
          role="alert"
          icon={<IconTrophyOff aria-hidden />}
          title={t('cups.loadFailed')}
        >
          <EmptyState.Actions>
            <Button variant="light" onClick={() => void cups.refetch()}>
              {t('errors.retry')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}

      {cups.isSuccess && cups.data.length === 0 && (
        <EmptyState icon={<IconTrophyOff aria-hidden />} title={t('cups.empty')} description={t('cups.emptyDescription')} />
      )}

      {cups.isSuccess && cups.data.length > 0 && (
        <>
          <Text role="status" data-testid="cups-summary">
            {t('cups.found', { count: cups.data.length })}
          </Text>
          <CupList cups={cups.data} />
        </>
      )}
    </Stack>
  );
}
