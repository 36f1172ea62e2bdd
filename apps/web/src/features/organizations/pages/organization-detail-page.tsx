import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams } from 'react-router';
import { imageUrl } from '../../../lib/file-url';
import { useCountryName } from '../../events/api/countries';
import { formatAddress } from '../../../lib/format-address';
import { organizationQuery } from '../api/organizations';
import { LoadFailure } from '../components/load-failure';
import { MembershipActions } from '../components/membership-actions';

/** An organization's public page: about, contact, links, its events; apply or leave for account holders. */
export function OrganizationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const organization = useQuery(organizationQuery(id));
  const country = useCountryName();

  if (organization.isPending) return <Text c="dimmed">{t('app.loading')}</Text>;
  if (organization.isError) return <LoadFailure error={organization.error} onRetry={() => void organization.refetch()} />;
  const data = organization.data;
  const address = data.address ? formatAddress(data.address, country) : '';
  const contact = data.contactPerson;

  return (
    <Stack gap="lg">
      <Group wrap="wrap" gap="md">
        {data.logo !== null && <Avatar src={imageUrl(data.logo)} size={72} radius="md" alt={t('organizations.logo')} />}
        <Stack gap={4}>
          <Title order={1}>{data.name}</Title>
          {data.shortcut && <Text c="dimmed">{data.shortcut}</Text>}
        </Stack>
        {data.secondaryLogo !== null && <Avatar src={imageUrl(data.secondaryLogo)} size={56} radius="md" alt={t('organizationAdmin.secondaryLogo')} />}
      </Group>
      <MembershipActions organizationId={data.id} />
      {data.shortDescription && <Text fw={500}>{data.shortDescription}</Text>}
      {data.description && <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>}
      <Group gap="sm">
        <Button component={Link} to={`/events/actual?organization=${data.id}`} variant="light">
          {t('organizations.currentEvents')}
        </Button>
        <Button component={Link} to={`/events/history?organization=${data.id}`} variant="subtle">
          {t('organizations.pastEvents')}
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md" style={{ overflowWrap: 'anywhere' }}>
        <Stack gap="xs">
          {address !== '' && (
            <Text size="sm">
              {t('address.title')}: {address}
            </Text>
          )}
          {contact && (
            <Text size="sm">
              {t('organizations.contactPerson')}: {contact.name} {contact.surname}
              {contact.email && (
                <>
                  {', '}
                  <Anchor href={`mailto:${contact.email}`} size="sm">
                    {contact.email}
                  </Anchor>
                </>
              )}
              {contact.phoneNumber && (
                <>
                  {', '}
                  <Anchor href={`tel:${contact.phoneNumber.replace(/[^\d+]/g, '')}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {contact.phoneNumber}
                  </Anchor>
                </>
              )}
            </Text>
          )}
          {data.webPage && (
            <Anchor href={data.webPage} target="_blank" rel="noreferrer" size="sm">
              {data.webPage}
            </Anchor>
          )}
          {data.socialLinks.length > 0 && (
            <Group gap="md" aria-label={t('organizations.socialLinks')} role="list">
              {data.socialLinks.map((link) => (
                <Anchor key={link.id} role="listitem" href={link.url} target="_blank" rel="noreferrer" size="sm" title={link.url}>
                  {t(`socialLink.${link.type}`)}
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
