import { Anchor, Avatar, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { imageUrl } from '../../../lib/file-url';
import { organizationQuery } from '../api/organizations';
import { LoadFailure } from '../components/load-failure';
import { MembershipActions } from '../components/membership-actions';

/** An organization's public page: about, contact, links; apply or leave for account holders. */
export function OrganizationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const organization = useQuery(organizationQuery(id));

  if (organization.isPending) return <Text c="dimmed">{t('app.loading')}</Text>;
  if (organization.isError) return <LoadFailure error={organization.error} onRetry={() => void organization.refetch()} />;
  const data = organization.data;
  const address = data.address ? [data.address.street, data.address.streetNumber, data.address.zipcode, data.address.city, data.address.country].filter(Boolean).join(' ') : '';

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
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          {address !== '' && <Text size="sm">{t('address.title')}: {address}</Text>}
          {data.contactPerson && (
            <Text size="sm">
              {t('organizations.contactPerson')}: {data.contactPerson.name} {data.contactPerson.surname}
              {data.contactPerson.email ? `, ${data.contactPerson.email}` : ''}
              {data.contactPerson.phoneNumber ? `, ${data.contactPerson.phoneNumber}` : ''}
            </Text>
          )}
          {data.webPage && (
            <Anchor href={data.webPage} target="_blank" rel="noreferrer" size="sm">
              {data.webPage}
            </Anchor>
          )}
          {data.socialLinks.length > 0 && (
            <List size="sm">
              {data.socialLinks.map((link) => (
                <List.Item key={link.id}>
                  {t(`socialLink.${link.type}`)}:{' '}
                  <Anchor href={link.url} target="_blank" rel="noreferrer">
                    {link.url}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
