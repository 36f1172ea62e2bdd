import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { myMembershipsQuery } from '../api/my-memberships';
import { LoadFailure } from '../components/load-failure';
import { MyMembershipRow } from '../components/my-membership-row';
import { MyRaces } from '../components/my-races';

/** My board: my organizations, my planned and finished races (GET /api/race-registration/user/{userId}). */
export function MyBoardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const memberships = useQuery(myMembershipsQuery(user?.id));

  return (
    <Stack gap="lg">
      <Title order={1}>{t('myBoard.title')}</Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h3">
            {t('myBoard.organizations')}
          </Title>
          <Group gap="xs">
            <Button component={Link} to="/organizations" variant="light" size="xs">
              {t('myBoard.browseOrganizations')}
            </Button>
            <Button component={Link} to="/organizations/new" variant="light" size="xs">
              {t('organizations.registerTitle')}
            </Button>
          </Group>
        </Group>
        {memberships.isError && <LoadFailure error={memberships.error} onRetry={() => void memberships.refetch()} />}
        {memberships.data?.length === 0 && <Text c="dimmed">{t('myBoard.noOrganizations')}</Text>}
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {memberships.data?.map((membership) => <MyMembershipRow key={membership.organizationId} membership={membership} />)}
        </Stack>
      </Paper>
      <MyRaces userId={user?.id} />
    </Stack>
  );
}
