import { Anchor, Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/file-url';
import { useSession } from '../../auth/hooks/use-session';
import { organizationCatalogueQuery } from '../api/organizations';
import { LoadFailure } from '../components/load-failure';
import { useCountryName } from '../../events/api/countries';
import { formatAddress } from '../../../lib/format-address';

/** The public catalogue of active organizations. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const catalogue = useQuery(organizationCatalogueQuery());
  const country = useCountryName();

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('organizations.title')}</Title>
        {user !== null && (
          <Button component={Link} to="/organizations/new">
            {t('organizations.registerTitle')}
          </Button>
        )}
      </Group>
      {catalogue.isPending && <Text c="dimmed">{t('app.loading')}</Text>}
      {catalogue.isError && <LoadFailure error={catalogue.error} onRetry={() => void catalogue.refetch()} />}
      {catalogue.data?.length === 0 && <Text c="dimmed">{t('organizations.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {catalogue.data?.map((organization) => (
          <Card component="li" key={organization.id} withBorder radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Avatar src={organization.logo ? imageUrl(organization.logo) : null} radius="md" alt="">
                {(organization.shortcut ?? organization.name).slice(0, 2)}
              </Avatar>
              <Stack gap={2}>
                <Anchor component={Link} to={`/organizations/${organization.id}`} fw={600}>
                  {organization.name}
                </Anchor>
                {organization.city && (
                  <Text size="sm" c="dimmed">
                    {formatAddress({ city: organization.city, country: organization.country }, country)}
                  </Text>
                )}
                {organization.shortDescription && <Text size="sm">{organization.shortDescription}</Text>}
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
